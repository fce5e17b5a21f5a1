/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { DocumentAssessment, ErrorBlock } from '../check-record'

/**
 * Value of topic check.authenticated.v1 (authenticity -> aggregator). On a permanent failure `error` is present and `document` carries nulls. Key: the check id.
 */
export interface CheckAuthenticatedV1 {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  check_id: string
  tenant_id: string
  document: DocumentAssessment
  error?: ErrorBlock
}