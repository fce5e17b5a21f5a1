/**
 * check.submitted.v1 -> check.extracted.v1. The kind of document is decided by its bytes, as the gateway
 * decided it: a PDF is parsed and read by its text layer; a PNG, JPEG, WebP or HEIC image is checked against the
 * pixel limits from its header (before any decoding) and read by OCR (packages/ocr), then by the same family
 * readers. A document that cannot be read (CheckError: unreadable, encrypted, too complex, image too
 * large...) is a normal result carrying `error`, so the check finishes `failed` with that code; storage
 * outages are thrown to be retried by the bus.
 */
import {
  CheckError,
  checkImage,
  type ExtractionResult,
  type ExtractStage,
  extractImageReceipt,
  type ImageHeader,
  keptLocations,
  type OcrPage,
  type PdfModel,
  sniffImageFormat,
} from '@rv/core'
import { normalizedTextDigest } from '@rv/core/replay'
import type { CheckExtractedV1, CheckSubmittedV1, ErrorBlock } from '@rv/schemas'
import type { CompleteWithModel } from '@rv/vlm'
import { completeReading, modelCallsMember } from './model-step'

export interface ExtractionDeps {
  readFile: (key: string) => Promise<Uint8Array>
  parsePdf: (bytes: Uint8Array) => Promise<PdfModel>
  extractReceipt: ExtractStage
  /** The vision-model step (`@rv/vlm` createModelStep); absent when no model is configured. */
  completeWithModel?: CompleteWithModel
  /** OCR of an image (`readImage` of @rv/ocr in production). */
  readImage: (bytes: Uint8Array, header: ImageHeader) => Promise<OcrPage>
}

export async function handleSubmitted(
  submission: CheckSubmittedV1,
  deps: ExtractionDeps,
): Promise<CheckExtractedV1> {
  const base = { check_id: submission.check_id, tenant_id: submission.tenant_id, submission }
  const bytes = await readStoredFile(submission.file.key, deps)
  if (!(bytes instanceof Uint8Array)) return { ...base, extraction: null, error: bytes }
  try {
    const read = await extract(bytes, deps)
    // Vision model: completes what the deterministic reading (text layer or OCR) could not, grounded in its text.
    const {
      extraction: result,
      calls,
      error,
    } = await completeReading(submission, bytes, read, deps.completeWithModel)
    if (error) return { ...base, extraction: null, error, ...modelCallsMember(calls) }
    // Where each field was read, for the review console: only values the model step left as read.
    const located = keptLocations(read.fieldLocations ?? [], read.fields, result.fields)
    return {
      ...base,
      ...modelCallsMember(calls),
      ...(located.length > 0 ? { field_locations: located } : {}),
      extraction: {
        family: result.family,
        fields: result.fields,
        normalized_text_sha256: normalizedTextDigest(result.normalizedText),
        facts: { ...result.facts },
      },
    }
  } catch (error) {
    if (error instanceof CheckError) return { ...base, extraction: null, error: error.toBlock() }
    throw error
  }
}

async function extract(bytes: Uint8Array, deps: ExtractionDeps): Promise<ExtractionResult> {
  if (sniffImageFormat(bytes) !== null) {
    const header = checkImage(bytes)
    return extractImageReceipt(await deps.readImage(bytes, header))
  }
  return deps.extractReceipt(await deps.parsePdf(bytes))
}

/** A missing object will not appear by retrying: report it; an unreachable store is retried. */
async function readStoredFile(key: string, deps: ExtractionDeps): Promise<Uint8Array | ErrorBlock> {
  try {
    return await deps.readFile(key)
  } catch (error) {
    if ((error as { code?: string }).code === 'not_found') {
      return { code: 'storage_unavailable', message: 'The stored file is missing.', retryable: false }
    }
    throw error
  }
}
