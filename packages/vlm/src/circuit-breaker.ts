/**
 * A circuit breaker around the model endpoint, one per tenant in each process (complete-with-model.ts):
 * after `failures` outages in a row (5xx, timeouts, no connection; never a 4xx: model-failure.ts) it
 * opens and refuses calls at once (the check finishes `vlm_unavailable`, retryable) instead of making
 * every check wait out its timeouts; after `cooldownMs` one trial call is let through (half-open), and
 * its outcome closes or re-opens the breaker.
 */
export type BreakerState = 'closed' | 'open' | 'half_open'

export interface CircuitBreaker {
  /** Whether a call may be made now; in half-open state only the first caller gets true. */
  tryAcquire(): boolean
  success(): void
  failure(): void
  state(): BreakerState
}

export function createCircuitBreaker(options: {
  failures: number
  cooldownMs: number
  now: () => number
}): CircuitBreaker {
  let consecutive = 0
  let openedAt: number | null = null
  let trialInFlight = false

  const state = (): BreakerState => {
    if (openedAt === null) return 'closed'
    return options.now() - openedAt >= options.cooldownMs ? 'half_open' : 'open'
  }

  return {
    tryAcquire() {
      const s = state()
      if (s === 'closed') return true
      if (s === 'open' || trialInFlight) return false
      trialInFlight = true
      return true
    },
    success() {
      consecutive = 0
      openedAt = null
      trialInFlight = false
    },
    failure() {
      consecutive += 1
      trialInFlight = false
      if (openedAt !== null || consecutive >= options.failures) openedAt = options.now()
    },
    state,
  }
}
