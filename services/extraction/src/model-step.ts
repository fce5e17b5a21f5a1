/**
 * The extraction stage's one call into the vision model (`@rv/vlm`), kept apart from the handler's
 * reading paths (PDF text layer, OCR) so they merge independently: given the deterministic reading,
 * returns the reading the model completed (or the same one), the priced calls and `vlm_unavailable` when
 * the model was needed and could not be had. No model configured: the reading passes through.
 */
import type { ExtractionResult } from '@rv/core'
import type { CheckExtractedV1, CheckSubmittedV1, ErrorBlock, ModelCall } from '@rv/schemas'
import type { CompleteWithModel } from '@rv/vlm'

export interface ModelStepResult {
  extraction: ExtractionResult
  calls: ModelCall[]
  error: ErrorBlock | null
}

export async function completeReading(
  submission: CheckSubmittedV1,
  bytes: Uint8Array,
  reading: ExtractionResult,
  completeWithModel: CompleteWithModel | undefined,
): Promise<ModelStepResult> {
  if (!completeWithModel) return { extraction: reading, calls: [], error: null }
  return completeWithModel({
    tenantId: submission.tenant_id,
    profile: submission.profile,
    document: { bytes, mediaType: submission.file.content_type },
    extraction: reading,
  })
}

/** `model_calls` on the event only when there were some, so results without a model keep their shape. */
export function modelCallsMember(calls: readonly ModelCall[]): Pick<CheckExtractedV1, 'model_calls'> {
  return calls.length > 0 ? { model_calls: [...calls] } : {}
}
