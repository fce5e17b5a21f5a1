import { describe, expect, it } from 'vitest'
import { createCircuitBreaker } from './circuit-breaker'
import { backoffDelay } from './retry'

describe('createCircuitBreaker', () => {
  it('opens after the configured failures in a row, lets one trial through after the cooldown', () => {
    let now = 0
    const breaker = createCircuitBreaker({ failures: 2, cooldownMs: 1000, now: () => now })
    expect(breaker.tryAcquire()).toBe(true)
    breaker.failure()
    expect(breaker.state()).toBe('closed')
    breaker.failure()
    expect(breaker.state()).toBe('open')
    expect(breaker.tryAcquire()).toBe(false)
    now = 1000
    expect(breaker.state()).toBe('half_open')
    expect(breaker.tryAcquire()).toBe(true)
    expect(breaker.tryAcquire()).toBe(false) // only one trial at a time
    breaker.failure() // the trial failed: open again for a full cooldown
    expect(breaker.state()).toBe('open')
    now = 1999
    expect(breaker.tryAcquire()).toBe(false)
    now = 2000
    expect(breaker.tryAcquire()).toBe(true)
    breaker.success()
    expect(breaker.state()).toBe('closed')
  })

  it('a success resets the count of failures in a row', () => {
    const breaker = createCircuitBreaker({ failures: 2, cooldownMs: 1000, now: () => 0 })
    breaker.failure()
    breaker.success()
    breaker.failure()
    expect(breaker.state()).toBe('closed')
  })
})

describe('backoffDelay', () => {
  it('doubles per retry, scaled into [0.5, 1) of the nominal delay', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, { backoffMs: 100, random: () => 0 }))).toEqual([50, 100, 200])
    expect(backoffDelay(3, { backoffMs: 100, random: () => 0.999 })).toBe(400)
  })
})
