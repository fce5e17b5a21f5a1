import type { QueueEntryDocument } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { facetCounts, matchesQueueFilter, parseQueueFilter } from './queue-filter'

const entry = (over: Partial<QueueEntryDocument>): QueueEntryDocument => ({
  _id: 'chk_1',
  tenant_id: 't',
  queue: 'review',
  lane: 't:review',
  waiting_in: 'review',
  completed_at: new Date('2026-03-11T10:00:00Z'),
  verdict: 'suspicious',
  family: 'vtb/sbp_outgoing',
  bank: 'vtb',
  amount: 600,
  reasons: ['document_suspicious'],
  claims: 0,
  claimed_by: null,
  lease_until: null,
  ...over,
})

describe('queue filters', () => {
  it('parses the query, dropping what is malformed', () => {
    expect(
      parseQueueFilter({
        verdict: 'unknown',
        min_amount: '100',
        max_amount: 'x',
        from: '2026-03-01',
        to: 'soon',
      }),
    ).toEqual({
      verdict: 'unknown',
      minAmount: 100,
      from: '2026-03-01',
    })
  })

  it('keeps an entry only when every given filter holds', () => {
    const e = entry({})
    expect(matchesQueueFilter(e, {})).toBe(true)
    expect(
      matchesQueueFilter(e, { bank: 'vtb', reason: 'document_suspicious', minAmount: 600, maxAmount: 600 }),
    ).toBe(true)
    expect(matchesQueueFilter(e, { family: 'alfa/sbp' })).toBe(false)
    expect(matchesQueueFilter(e, { minAmount: 601 })).toBe(false)
    expect(matchesQueueFilter(entry({ amount: null }), { maxAmount: 1000 })).toBe(false)
    expect(matchesQueueFilter(e, { from: '2026-03-11', to: '2026-03-11' })).toBe(true)
    expect(matchesQueueFilter(e, { from: '2026-03-12' })).toBe(false)
  })

  it('counts each facet value', () => {
    const counts = facetCounts([
      entry({}),
      entry({ verdict: 'unknown', reasons: ['a', 'document_suspicious'] }),
    ])
    expect(counts.verdict).toEqual({ suspicious: 1, unknown: 1 })
    expect(counts.reason).toEqual({ document_suspicious: 2, a: 1 })
  })
})
