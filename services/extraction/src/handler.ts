/**
 * check.submitted.v1 -> check.extracted.v1. A document that cannot be read (CheckError: unreadable,
 * encrypted, too complex...) is a normal result carrying `error`, so the check finishes `failed` with that
 * code; storage outages are thrown to be retried by the bus.
 */
import { CheckError, type ExtractStage, type PdfModel } from '@rv/core'
import { normalizedTextDigest } from '@rv/core/replay/index'
import type { CheckExtractedV1, CheckSubmittedV1, ErrorBlock } from '@rv/schemas'
import type { CompleteWithModel } from '@rv/vlm'
import { completeReading, modelCallsMember } from './model-step'

export interface ExtractionDeps {
  readFile: (key: string) => Promise<Uint8Array>
  parsePdf: (bytes: Uint8Array) => Promise<PdfModel>
  extractReceipt: ExtractStage
  /** The vision-model step (`@rv/vlm` createModelStep); absent when no model is configured. */
  completeWithModel?: CompleteWithModel
}

export async function handleSubmitted(
  submission: CheckSubmittedV1,
  deps: ExtractionDeps,
): Promise<CheckExtractedV1> {
  const base = { check_id: submission.check_id, tenant_id: submission.tenant_id, submission }
  const bytes = await readStoredFile(submission.file.key, deps)
  if (!(bytes instanceof Uint8Array)) return { ...base, extraction: null, error: bytes }
  try {
    const model = await deps.parsePdf(bytes)
    const read = deps.extractReceipt(model)
    // Vision model: completes what the deterministic reading could not, grounded in the document's text.
    const {
      extraction: result,
      calls,
      error,
    } = await completeReading(submission, bytes, read, deps.completeWithModel)
    if (error) return { ...base, extraction: null, error, ...modelCallsMember(calls) }
    return {
      ...base,
      ...modelCallsMember(calls),
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
