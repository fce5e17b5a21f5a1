import { describe, expect, it } from 'vitest'
import {
  backoffCeilingMs,
  defaultWebhookSchedule,
  nextAttempt,
  shouldDisableEndpoint,
} from './webhook-schedule'

const day = 24 * 60 * 60 * 1000

describe('webhook retry schedule', () => {
  it('doubles from the base and stops at the cap', () => {
    const s = defaultWebhookSchedule
    expect(backoffCeilingMs(1, s)).toBe(30_000)
    expect(backoffCeilingMs(2, s)).toBe(60_000)
    expect(backoffCeilingMs(5, s)).toBe(480_000)
    expect(backoffCeilingMs(40, s)).toBe(s.maxDelayMs)
  })

  it('jitters between half and the whole ceiling', () => {
    const low = nextAttempt({ attempt: 3, firstAttemptMs: 0, nowMs: 1000, random: 0 })
    const high = nextAttempt({ attempt: 3, firstAttemptMs: 0, nowMs: 1000, random: 1 })
    expect(low).toEqual({ retry: true, atMs: 1000 + 60_000 })
    expect(high).toEqual({ retry: true, atMs: 1000 + 120_000 })
  })

  it('retries for three days, then gives up', () => {
    let now = 0
    let attempts = 0
    for (;;) {
      attempts += 1
      const next = nextAttempt({ attempt: attempts, firstAttemptMs: 0, nowMs: now, random: 0.5 })
      if (!next.retry) break
      expect(next.atMs).toBeGreaterThan(now)
      now = next.atMs
    }
    expect(now).toBeLessThanOrEqual(3 * day)
    expect(now).toBeGreaterThan(2 * day)
    expect(attempts).toBeGreaterThan(10)
    expect(attempts).toBeLessThan(40)
  })

  it('disables an endpoint only after a whole period of failures', () => {
    expect(shouldDisableEndpoint({ failingSinceMs: null, nowMs: 10 * day, disableAfterMs: day })).toBe(false)
    expect(shouldDisableEndpoint({ failingSinceMs: 0, nowMs: day - 1, disableAfterMs: day })).toBe(false)
    expect(shouldDisableEndpoint({ failingSinceMs: 0, nowMs: day, disableAfterMs: day })).toBe(true)
  })
})
