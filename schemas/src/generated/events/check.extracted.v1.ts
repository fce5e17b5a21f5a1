/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { ErrorBlock, ReceiptFields } from '../check-record'
import type { CheckSubmittedV1 } from './check.submitted.v1'

/**
 * Value of topic check.extracted.v1 (extraction -> authenticity, matching, replay, aggregator). `extraction` is null exactly when `error` is present (extraction failed permanently). Key: the check id.
 */
export interface CheckExtractedV1 {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  check_id: string
  tenant_id: string
  submission: CheckSubmittedV1
  extraction: ExtractionPayload | null
  error?: ErrorBlock
  /**
   * Vision-model calls this extraction made (absent or empty when none), each priced when it was made from the API's `usage` and the price table; the aggregator sums them into the record's `cost`. Optional, so the change is BACKWARD compatible.
   */
  model_calls?: ModelCall[]
  /**
   * Where on the document each field's value was read (absent or empty when nothing was located: a value the variant states by its nature, one the vision model supplied, a stage error). One box per line of the value, in fractions of its page (0–1 from the page's top-left corner), so a viewer scales it to any zoom; for a picture the page is the picture as stored, turned upright by its orientation tag. Optional, so the change is BACKWARD compatible; the check record does not carry it.
   */
  field_locations?: FieldLocation[]
}
export interface ExtractionPayload {
  /**
   * `<bank>/<variant>` (e.g. `vtb/sbp_outgoing`) or `unknown`.
   */
  family: string
  fields: ReceiptFields
  /**
   * Lower-case hex SHA-256 of the whitespace-normalised document text (the text itself is not put on the bus).
   */
  normalized_text_sha256: string
  /**
   * Facts read from the page that authenticity checks need.
   */
  facts: {
    [k: string]: string | number | boolean | null
  }
}
export interface ModelCall {
  /**
   * The configured model name (the price table's key).
   */
  model: string
  prompt_tokens: number
  completion_tokens: number
  /**
   * US dollars at the price in force when the call was made, in whole picodollars (at most 12 decimals).
   */
  usd: number
}
export interface FieldLocation {
  /**
   * A member of the record's `fields` (e.g. `amount`).
   */
  field: string
  /**
   * 1-based page number (a picture is page 1).
   */
  page: number
  left: number
  top: number
  width: number
  height: number
}
