/**
 * The timer of held results (held-results.ts): a few times per hold it writes out the results held past
 * `HOLD_RESULTS_MS` and sets `rv_aggregator_held_results` to how many are held. A failed round keeps them
 * for the next.
 */
import type { Logger } from '@rv/logger'
import { metrics } from '@rv/observability'

export interface HeldResultsSource {
  flushHeld(): Promise<void>
  heldResults(): number
}

/** Starts the rounds; returns the stop. With `holdResultsMs` ≤ 0 nothing is held and nothing runs. */
export function startHeldResultsFlusher(
  handler: HeldResultsSource,
  holdResultsMs: number,
  logger: Pick<Logger, 'warn'>,
): () => void {
  if (holdResultsMs <= 0) return () => undefined
  let flushing = false
  const timer = setInterval(
    () => {
      if (flushing) return
      flushing = true
      handler
        .flushHeld()
        .catch((error: unknown) =>
          logger.warn('held results not written out; retried', {
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => {
          metrics().aggregatorHeldResults.set({}, handler.heldResults())
          flushing = false
        })
    },
    Math.min(1000, Math.max(50, holdResultsMs / 4)),
  )
  timer.unref()
  return () => clearInterval(timer)
}
