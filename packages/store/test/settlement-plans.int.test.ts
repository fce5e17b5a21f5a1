import { useTestStore } from '@rv/testing/use-test-store'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import { judgeQueryPlan } from '../src/query-plan'
import { settlementHotPathQueries } from '../src/settlement-queries'
import { findWith } from '../src/store-queries'
import { refreshStatistics } from './seed-volume'

// The settlement service's queries (docs/settlement.md), explained by the real server over a few thousand
// stored credits and settlements of many tenants: each must be answered from an index.
const store = useTestStore('it-settle-plans', connectStore)
const now = new Date('2026-02-11T12:00:00.000Z')
const rows = 3000

const sbp = (i: number) => `B6042071012K4Q27${String(i).padStart(16, '0')}`
const keys = (i: number) => ({
  tenant_id: `ten_${i % 300}`,
  sbp_id: i % 3 === 0 ? null : sbp(i),
  operation_number: i % 3 === 0 ? `OP${String(i).padStart(8, '0')}` : null,
  amount_minor: 10_000 + (i % 997) * 100,
  day: `2026-02-${String(1 + (i % 28)).padStart(2, '0')}`,
})

beforeAll(async () => {
  await store()
    .db.collection('credits')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: `ten_${i % 300}:line-${i}` as never,
        line_id: `line-${i}`,
        ...keys(i),
        credit: { line_id: `line-${i}`, amount: 100, currency: 'RUB', credited_at: now.toISOString() },
        received_at: now,
      })),
    )
  await store()
    .db.collection('settlements')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: `ten_${i % 300}:chk_${i}` as never,
        check_id: `chk_${i}`,
        ...keys(i),
        settlement: null,
        open: i % 2 === 0,
        awaiting: i % 10 === 0,
        due_at: new Date(now.getTime() + ((i % 7) - 3) * 3600_000),
      })),
    )
  await store()
    .db.collection('settlement_claims')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: `ten_${i % 300}:line:line-${i}` as never,
        check_id: `chk_${i}`,
      })),
    )
  await refreshStatistics(store().db)
}, 300_000)

const queries = settlementHotPathQueries('ten_1', now)

describe(`settlement queries over ${rows} credits and settlements`, () => {
  it.each(Object.entries(queries))('%s: answered from an index', async (_name, query) => {
    const verdict = judgeQueryPlan(await findWith(store().db.collection(query.collection), query).explain())
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ indexed: true })
  })

  it('find what was stored, and only the tenant asked for', async () => {
    const found = await store().settlements.creditCandidates('ten_1', {
      sbpId: sbp(1),
      operationNumber: null,
      amountMinor: keys(1).amount_minor,
      days: [keys(1).day],
    })
    expect(found.map((c) => c.line_id)).toContain('line-1')
    expect(found.every((c) => c.tenant_id === 'ten_1')).toBe(true)
    expect(
      await store().settlements.creditCandidates('ten_2', {
        sbpId: sbp(1),
        operationNumber: null,
        amountMinor: 1,
        days: [],
      }),
    ).toEqual([])
    const due = await store().settlements.due(now, 1000)
    expect(due.length).toBeGreaterThan(0)
    expect(due.every((d) => d.awaiting && (d.due_at as Date) < now)).toBe(true)
  })
})
