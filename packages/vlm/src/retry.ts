/**
 * Retries with exponential backoff and jitter, for failures a second attempt can cure: no answer
 * (connection refused, timeout), 408/409/429 and 5xx. A 4xx such as a bad key or an unknown model is not
 * retried: it will not change in a second. The `openai` client's own retries are turned off so there
 * is one policy, and every attempt's usage is seen.
 */
import { APIConnectionError, APIError } from 'openai'

export class UnusableAnswerError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnusableAnswerError'
  }
}

/** A failure of the model endpoint or its answer (as opposed to our own store or a bug). */
export function isModelFailure(error: unknown): boolean {
  return error instanceof APIError || error instanceof UnusableAnswerError
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true
  if (error instanceof UnusableAnswerError) return true
  if (error instanceof APIError) {
    const status = error.status ?? 0
    return status === 408 || status === 409 || status === 429 || status >= 500
  }
  return false
}

export interface RetryOptions {
  maxAttempts: number
  backoffMs: number
  sleep: (ms: number) => Promise<void>
  /** In [0, 1); jitter spreads retries of many checks hitting one outage. */
  random: () => number
}

/** Delay before retry `n` (1-based): backoff × 2^(n-1), scaled by a factor in [0.5, 1). */
export function backoffDelay(n: number, options: Pick<RetryOptions, 'backoffMs' | 'random'>): number {
  return Math.round(options.backoffMs * 2 ** (n - 1) * (0.5 + options.random() / 2))
}

export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n)
    } catch (error) {
      if (n >= options.maxAttempts || !isRetryable(error)) throw error
      await options.sleep(backoffDelay(n, options))
    }
  }
}
