import { ApiError } from '../../api-error'

/**
 * The gateway's guard for the event bus. Publishing check.submitted.v1 is bounded by `timeoutMs`: a check
 * whose publish fails or times out is already durable (record written with its outbox flag down), so it
 * is still answered 202 and the aggregator's sweeper publishes it once the broker is back. But the bus is
 * then known to be down, and for `cooldownMs` new submissions are refused before anything is stored — a
 * coded 503 with `Retry-After` at once, instead of each request waiting out kafkajs's own retries (tens of
 * seconds) and growing an unpublished backlog. After the cooldown the next submission tries the bus again.
 */
export interface BusBreakerOptions {
  timeoutMs: number
  cooldownMs: number
  now?: () => number
}

export type PublishOutcome = { published: true } | { published: false; error: unknown }

export interface BusBreaker {
  /** Throws the 503 while the bus is known to be down. */
  assertAvailable(): void
  /** Runs the publish within the bound; a failure or timeout opens the breaker and is returned, not thrown. */
  publish(send: () => Promise<void>): Promise<PublishOutcome>
}

export class PublishTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`publishing did not complete within ${timeoutMs} ms`)
    this.name = 'PublishTimeoutError'
  }
}

/**
 * @example
 * const breaker = createBusBreaker({ timeoutMs: 2000, cooldownMs: 5000 })
 * breaker.assertAvailable()                       // before storing anything
 * const outcome = await breaker.publish(() => publishSubmitted(submission))
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
    async publish(send) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PublishTimeoutError(options.timeoutMs)), options.timeoutMs)
      })
      try {
        await Promise.race([send(), timeout])
        openUntil = 0
        return { published: true }
      } catch (error) {
        openUntil = now() + options.cooldownMs
        return { published: false, error }
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
