import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTokenBuckets } from './token-bucket'

describe('token bucket', () => {
  it('allows a burst of capacity, then refuses with a retry-after, then refills', () => {
    const b = createTokenBuckets({ capacity: 3, refillPerSecond: 1 })
    expect([0, 0, 0].map((t) => b.take('t', t).allowed)).toEqual([true, true, true])
    expect(b.take('t', 0)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1, resetSeconds: 3 })
    expect(b.take('t', 999).allowed).toBe(false)
    expect(b.take('t', 1000).allowed).toBe(true)
    expect(b.take('other', 1000).remaining).toBe(2)
  })

  it('never allows more than capacity + rate × elapsed requests', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 200 }),
        (capacity, rate, gaps) => {
          const b = createTokenBuckets({ capacity, refillPerSecond: rate })
          let t = 0
          let allowed = 0
          for (const gap of gaps) {
            t += gap
            if (b.take('k', t).allowed) allowed += 1
          }
          expect(allowed).toBeLessThanOrEqual(capacity + Math.floor((t / 1000) * rate))
        },
      ),
    )
  })

  it('prunes buckets that are full again', () => {
    const b = createTokenBuckets({ capacity: 2, refillPerSecond: 1 })
    b.take('a', 0)
    b.prune(500)
    expect(b.size()).toBe(1)
    b.prune(1000)
    expect(b.size()).toBe(0)
  })
})
