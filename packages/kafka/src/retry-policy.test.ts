import { describe, expect, it } from 'vitest'
import { backoffDelayMs, defaultRetryPolicy, resolveRetryPolicy, shouldRetry } from './retry-policy'

const exact = { retries: 4, initialMs: 100, maxMs: 1000, jitter: 0 }

describe('retry policy', () => {
  it('doubles the delay per attempt and caps it at maxMs', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelayMs(a, exact))).toEqual([100, 200, 400, 800, 1000, 1000])
  })

  it('spreads the delay by at most the jitter fraction below the exponential value', () => {
    const policy = { ...exact, jitter: 0.5 }
    expect(backoffDelayMs(3, policy, () => 0)).toBe(200)
    expect(backoffDelayMs(3, policy, () => 0.999999)).toBe(400)
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(300)
  })

  it('retries only retryable errors and only while retries remain', () => {
    expect(shouldRetry({ retryable: true }, 1, exact)).toBe(true)
    expect(shouldRetry({ retryable: true }, 4, exact)).toBe(true)
    expect(shouldRetry({ retryable: true }, 5, exact)).toBe(false)
    expect(shouldRetry({ retryable: false }, 1, exact)).toBe(false)
    expect(shouldRetry({ retryable: true }, 1, { ...exact, retries: 0 })).toBe(false)
  })

  it('fills defaults and rejects nonsensical policies', () => {
    expect(resolveRetryPolicy({ retries: 1 })).toEqual({ ...defaultRetryPolicy, retries: 1 })
    expect(() => resolveRetryPolicy({ retries: -1 })).toThrow(RangeError)
    expect(() => resolveRetryPolicy({ retries: 1.5 })).toThrow(RangeError)
    expect(() => resolveRetryPolicy({ initialMs: 500, maxMs: 100 })).toThrow(RangeError)
    expect(() => resolveRetryPolicy({ jitter: 2 })).toThrow(RangeError)
  })
})
