/**
 * What extraction adds to the metrics: each OCR reading (time, outcome) and each vision-model call with its
 * cost (tokens by kind, US dollars), read from the `model_calls` the published event carries.
 */
import { metrics, secondsSince } from '@rv/observability'
import type { CheckExtractedV1 } from '@rv/schemas'

/** `readImage` timed and counted; a throw counts as `failed` and is passed on. */
export function timedOcr<A extends unknown[], R>(readImage: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const started = performance.now()
    let outcome = 'failed'
    try {
      const page = await readImage(...args)
      outcome = 'ok'
      return page
    } finally {
      metrics().ocrCalls.inc({ outcome })
      metrics().ocrDuration.observe({ outcome }, secondsSince(started))
    }
  }
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
