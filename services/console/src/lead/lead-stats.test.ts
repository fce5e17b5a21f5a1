import type { CheckDecisionDocument, QueueEntryDocument } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { leadStats, overrules } from './lead-stats'

const at = (s: string) => new Date(`2026-03-11T${s}Z`)
const decision = (over: Partial<CheckDecisionDocument>): CheckDecisionDocument => ({
  _id: 'c:1',
  check_id: 'c',
  seq: 1,
  tenant_id: 't',
  tenant_day: 't:2026-03-11',
  decision: 'genuine',
  reason_code: null,
  note: null,
  decided_by: 'a@x.test',
  role: 'analyst',
  record_sha256: '0'.repeat(64),
  recommendation_was: 'review',
  family: 'vtb/sbp',
  verdict_was: 'suspicious',
  failed_checks: ['layout.alignment'],
  completed_at: at('10:00:00'),
  decided_at: at('10:01:00'),
  ...over,
})

describe('overrules', () => {
  it('counts genuine over a doubting machine and forged over a trusting one', () => {
    expect(overrules({ decision: 'genuine', verdict_was: 'suspicious' })).toBe(true)
    expect(overrules({ decision: 'forged', verdict_was: 'genuine' })).toBe(true)
    expect(overrules({ decision: 'forged', verdict_was: 'suspicious' })).toBe(false)
    expect(overrules({ decision: 'escalate', verdict_was: 'forged' })).toBe(false)
  })
})

describe('leadStats', () => {
  it('gives depth, oldest age, per-analyst time and overrule rates per family and check', () => {
    const entry = { completed_at: at('09:00:00') } as QueueEntryDocument
    const stats = leadStats(
      { review: [entry], escalated: [] },
      [
        decision({}),
        decision({
          decision: 'forged',
          decided_by: 'b@x.test',
          decided_at: at('10:03:00'),
          failed_checks: [],
        }),
      ],
      at('10:00:00'),
    )
    expect(stats.queues).toEqual({
      review: { depth: 1, oldest_age_seconds: 3600 },
      escalated: { depth: 0, oldest_age_seconds: null },
    })
    expect(stats.analysts['a@x.test']).toEqual({ decisions: 1, median_seconds_to_decision: 60 })
    expect(stats.median_seconds_to_decision).toBe(120)
    expect(stats.by_family['vtb/sbp']).toEqual({ decisions: 2, overruled: 1, overrule_rate: 0.5 })
    expect(stats.by_check['layout.alignment']).toEqual({ decisions: 1, overruled: 1, overrule_rate: 1 })
  })
})
