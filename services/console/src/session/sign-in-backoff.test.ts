import { describe, expect, it } from 'vitest'
import { createBackoff, createSignInLimits } from './sign-in-backoff'

const settings = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000 }

describe('createBackoff', () => {
  it('lets the free failures through, then doubles the wait up to the cap — never a lock', () => {
    const b = createBackoff(settings)
    const t = 1_000_000
    for (let i = 0; i < 3; i++) {
      expect(b.wait('k', t)).toBe(0)
      b.failed('k', t)
    }
    const waits = []
    for (let i = 0; i < 5; i++) {
      waits.push(b.wait('k', t))
      b.failed('k', t)
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000])
    // After the longest wait the key may try again.
    expect(b.wait('k', t + 8000)).toBe(0)
    expect(b.wait('other', t)).toBe(0)
  })

  it('forgets a key on success and after long quiet; holds at most maxKeys keys', () => {
    const b = createBackoff(settings, 2)
    for (let i = 0; i < 5; i++) b.failed('k', 0)
    b.succeeded('k')
    expect(b.wait('k', 0)).toBe(0)
    for (let i = 0; i < 5; i++) b.failed('q', 0)
    expect(b.wait('q', 2 * 60 * 60_000)).toBe(0)
    b.failed('a', 0)
    b.failed('b', 0)
    b.failed('c', 0)
    expect(b.size).toBe(2)
  })
})

describe('createSignInLimits', () => {
  it('a stranger guessing an account delays unknown addresses, not its user at their usual address', () => {
    const limits = createSignInLimits(settings)
    limits.succeeded('analyst@a.test', '198.51.100.4')
    for (let i = 0; i < 10; i++) limits.failed('analyst@a.test', '203.0.113.7', 0)
    expect(limits.wait('analyst@a.test', '203.0.113.7', 0)).toBe(8000)
    // Another unknown address: the account's backoff applies.
    expect(limits.wait('analyst@a.test', '192.0.2.1', 0)).toBe(8000)
    // The user's usual address: only its own failures count.
    expect(limits.wait('analyst@a.test', '198.51.100.4', 0)).toBe(0)
  })

  it('a client guessing many accounts is slowed by its address', () => {
    const limits = createSignInLimits(settings)
    for (let i = 0; i < 5; i++) limits.failed(`user${i}@a.test`, '203.0.113.7', 0)
    expect(limits.wait('fresh@a.test', '203.0.113.7', 0)).toBe(4000)
    expect(limits.wait('fresh@a.test', '192.0.2.1', 0)).toBe(0)
  })
})
