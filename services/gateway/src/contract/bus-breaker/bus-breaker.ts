import { ApiError } from '../../api-error'

/**
 * The gateway's guard for the event bus. A POST waits at most `timeoutMs` for its check.submitted.v1 to
 * be acknowledged, then writes the record (its outbox flag down unless the publish was acknowledged), so a
 * slow publish is answered 202 and goes on in the background (raising the flag when it lands; if it fails,
 * the aggregator's sweeper publishes the check again). A publish that *fails* (kafkajs gives up after its own
 * retries: the broker is down, not merely slow) opens the breaker: for `cooldownMs` new submissions are
 * refused before anything is stored — a coded 503 with `Retry-After` at once, instead of every request
 * waiting on a dead broker and growing an unpublished backlog. After the cooldown the bus is tried again.
 */
export interface BusBreakerOptions {
  timeoutMs: number
  cooldownMs: number
  now?: () => number
}

export type PublishOutcome = 'published' | 'pending' | 'failed'

export interface BusBreaker {
  /** Throws the 503 while the bus is known to be down. */
  assertAvailable(): void
  /**
   * Waits for `publishing` at most `timeoutMs`: 'published', 'failed' (and the breaker opens), or 'pending'
   * (still under way; it opens the breaker later if it fails). Never throws.
   */
  watch(publishing: Promise<void>): Promise<PublishOutcome>
}

/**
 * @example
 * const breaker = createBusBreaker({ timeoutMs: 3000, cooldownMs: 5000 })
 * breaker.assertAvailable()                       // before storing anything
 * const outcome = await breaker.watch(publishSubmitted(submission).then(markPublished))
 */
export function createBusBreaker(options: BusBreakerOptions): BusBreaker {
  const now = options.now ?? Date.now
  let openUntil = 0

  return {
    assertAvailable() {
      const remainingMs = openUntil - now()
      if (remainingMs <= 0) return
      throw new ApiError(503, 'service_unavailable', {
        message: 'The event bus is unavailable; retry.',
        retryable: true,
        headers: { 'retry-after': String(Math.max(1, Math.ceil(remainingMs / 1000))) },
      })
    },
    async watch(publishing) {
      const settled = publishing.then(
        (): PublishOutcome => {
          openUntil = 0
          return 'published'
        },
        (): PublishOutcome => {
          openUntil = now() + options.cooldownMs
          return 'failed'
        },
      )
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<PublishOutcome>((resolve) => {
        timer = setTimeout(() => resolve('pending'), options.timeoutMs)
      })
      try {
        return await Promise.race([settled, timeout])
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
