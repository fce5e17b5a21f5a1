/**
 * What extraction adds to the metrics: each OCR reading (time, outcome) and each vision-model call with its
 * cost (tokens by kind, US dollars), read from the `model_calls` the published event carries.
 */
import { metrics, timed } from '@rv/observability'
import type { CheckExtractedV1 } from '@rv/schemas'

/** `readImage` timed and counted; a throw counts as `error` and is passed on. */
export function timedOcr<A extends unknown[], R>(readImage: (...args: A) => Promise<R>) {
  return (...args: A): Promise<R> =>
    timed(
      () => readImage(...args),
      (outcome, seconds) => {
        metrics().ocrCalls.inc({ outcome })
        metrics().ocrDuration.observe({ outcome }, seconds)
      },
    )
}

export function recordModelCalls(result: Pick<CheckExtractedV1, 'model_calls'> | null): void {
  const m = metrics()
  for (const call of result?.model_calls ?? []) {
    m.modelCalls.inc({ model: call.model })
    m.modelTokens.inc({ model: call.model, kind: 'prompt' }, call.prompt_tokens)
    m.modelTokens.inc({ model: call.model, kind: 'completion' }, call.completion_tokens)
    m.modelCost.inc({ model: call.model }, call.usd)
  }
}
