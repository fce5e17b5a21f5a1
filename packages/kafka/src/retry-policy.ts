/**
 * How often and how long a consumer retries a message whose handler failed with a retryable error.
 * Delays grow exponentially from `initialMs`, capped at `maxMs`; `jitter` spreads retries of many
 * consumers so they do not hit a recovering dependency at the same instant.
 */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 disables retrying. */
  retries: number
  initialMs: number
  maxMs: number
  /** Fraction of the delay that is randomised, in [0, 1]. */
  jitter: number
}

export const defaultRetryPolicy: RetryPolicy = { retries: 5, initialMs: 200, maxMs: 10_000, jitter: 0.2 }

export function resolveRetryPolicy(partial: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...defaultRetryPolicy, ...partial }
  if (!Number.isInteger(policy.retries) || policy.retries < 0)
    throw new RangeError('retries must be an integer >= 0')
  if (!(policy.initialMs >= 0) || !(policy.maxMs >= policy.initialMs)) {
    throw new RangeError('need 0 <= initialMs <= maxMs')
  }
  if (!(policy.jitter >= 0 && policy.jitter <= 1)) throw new RangeError('jitter must be in [0, 1]')
  return policy
}

/**
 * Delay before attempt `attempt + 1`, after attempt `attempt` (1-based) failed.
 * `random` returns a number in [0, 1); injected so tests are deterministic.
 */
export function backoffDelayMs(
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.max(0, attempt - 1))
  const spread = exponential * policy.jitter
  return Math.round(exponential - spread + spread * random())
}

/** Whether a failure on attempt `attempt` (1-based) is tried again. */
export function shouldRetry(error: { retryable: boolean }, attempt: number, policy: RetryPolicy): boolean {
  return error.retryable && attempt <= policy.retries
}
