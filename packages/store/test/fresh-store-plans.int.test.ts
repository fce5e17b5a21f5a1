import { useTestStore } from '@rv/testing/use-test-store'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import { judgeQueryPlan } from '../src/query-plan'
import { findWith, hotPathQueries } from '../src/store-queries'
import { refreshStatistics, seedCheckId, seedTenant, seedVolume } from './seed-volume'

// query-plans.int.test.ts asks the same over a few thousand checks, where the planner prefers an index by
// itself. A store holding a few hundred is every deployment's first hours and every bench's namespace: the
// documents are TOASTed, the tables a few pages, and PostgreSQL under FerretDB priced a scan of those pages
// (decompressing every document to evaluate the filter) below the index, ~4 ms per `_id` lookup
// (docs/store.md, "Small tables").
const store = useTestStore('it-plans-fresh', connectStore)
const now = new Date('2026-03-11T12:00:00.000Z')
const checks = 200
const tenants = 4

beforeAll(async () => {
  await seedVolume(store().db, { checks, now, tenants })
  // As autovacuum leaves a young store's statistics within a minute (a table is analysed after 50 rows).
  await refreshStatistics(store().db)
}, 120_000)

const queries = hotPathQueries({ checkId: seedCheckId(123), tenantId: seedTenant(123 % tenants), now })

describe(`hot-path queries over ${checks} stored checks, a fresh store`, () => {
  it.each(Object.entries(queries))('%s: answered from an index', async (_name, query) => {
    const verdict = judgeQueryPlan(await findWith(store().db.collection(query.collection), query).explain())
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ indexed: true })
  })
})
