import { useTestStore } from '@rv/testing/use-test-store'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import { judgeQueryPlan } from '../src/query-plan'
import { findWith, hotPathQueries, idempotencyQueries, minuteBucket, minuteMs } from '../src/store-queries'
import { refreshStatistics, seedCheckId, seedTenant, seedVolume } from './seed-volume'

// Every hot-path query of the store, explained by the real server over a few thousand stored checks,
// must be answered from an index (see query-plan.ts for what that means on FerretDB/PostgreSQL and on
// MongoDB). On FerretDB's SQLite backend this fails: it pushes down nothing but `_id`.
const store = useTestStore('it-plans', connectStore)
const now = new Date('2026-03-11T12:00:00.000Z')
const checks = 3000
const tenants = 1000

beforeAll(async () => {
  await seedVolume(store().db, { checks, now, tenants })
  await refreshStatistics(store().db)
}, 300_000)

// Check 1234 belongs to tenant 1234 mod tenants (seed-volume.ts).
const queries = hotPathQueries({ checkId: seedCheckId(1234), tenantId: seedTenant(1234 % tenants), now })

describe(`hot-path queries over ${checks} stored checks`, () => {
  it.each(Object.entries(queries))('%s: answered from an index', async (_name, query) => {
    const verdict = judgeQueryPlan(await findWith(store().db.collection(query.collection), query).explain())
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ indexed: true })
  })

  // The control: the same judge on a filter no index serves says so, so the tests above can fail.
  it('a filter on an unindexed field is judged a scan', async () => {
    const explain = await store().db.collection('checks').find({ 'record.order_ref': 'order-7' }).explain()
    expect(judgeQueryPlan(explain)).toMatchObject({ indexed: false })
  })

  it('the queries find what the pipeline stored', async () => {
    const found = async (name: string) => {
      const query = queries[name]
      if (!query) throw new Error(`no query ${name}`)
      return findWith(store().db.collection(query.collection), query).toArray()
    }
    expect(await found('checks by id and tenant (GET /v1/checks/{id})')).toHaveLength(1)
    expect(await found('stage slots by check (aggregator reads)')).toHaveLength(4)
    // One tombstone per tenant (seed-volume.ts).
    expect(await found("a tenant's tombstones (tenant erasure)")).toHaveLength(1)
    expect((await found('unpublished submissions (sweeper)')).length).toBeGreaterThan(0)
    expect((await found('processing checks past deadline (sweeper)')).length).toBeGreaterThan(0)
    expect((await found('unpublished completions (sweeper)')).length).toBeGreaterThan(0)
    // The seed spreads 3000 keys over 24 hours: about two a minute.
    const minutes = Array.from({ length: 10 }, (_, k) =>
      minuteBucket(new Date(now.getTime() - (k + 1) * minuteMs)),
    )
    const keys = await Promise.all(
      minutes.map((m) =>
        findWith(store().db.collection('idempotency'), idempotencyQueries.createdIn(m, 500)).toArray(),
      ),
    )
    expect(keys.flat().length).toBeGreaterThan(0)
  })
})
