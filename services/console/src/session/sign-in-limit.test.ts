import { describe, expect, it } from 'vitest'
import { createSignInLimit } from './sign-in-limit'

describe('createSignInLimit', () => {
  it('allows perMinute attempts per key in a minute, then refuses until the next minute', () => {
    const limit = createSignInLimit(2)
    const t = 120_000
    expect([limit.allow('a', t), limit.allow('a', t + 1), limit.allow('a', t + 2)]).toEqual([
      true,
      true,
      false,
    ])
    expect(limit.allow('b', t + 3)).toBe(true)
    expect(limit.allow('a', t + 60_000)).toBe(true)
  })
})
