import { useTestStore } from '@rv/testing/use-test-store'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import {
  consoleErasureQueries,
  consoleHotPathQueries,
  consoleQueries,
  queueLane,
  tenantDay,
  tenantLanes,
} from '../src/console/console-queries'
import { judgeQueryPlan } from '../src/query-plan'
import { findWith } from '../src/store-queries'
import { refreshStatistics } from './seed-volume'

// The review console's queries, explained by the real server over thousands of stored queue entries,
// decisions and audit entries of many tenants: each must be answered from an index (docs/console.md).
const store = useTestStore('it-console-plans', connectStore)
const now = new Date('2026-03-11T12:00:00.000Z')
const rows = 3000
const tenants = 300
const tenant = (i: number) => `ten_plan${String(i % tenants).padStart(4, '0')}`
const checkId = (i: number) => `chk_plan${String(i).padStart(10, '0')}`

beforeAll(async () => {
  const day = (i: number) => new Date(now.getTime() - (i % 30) * 86_400_000)
  // Nine in ten decided: a lane holds only what waits.
  const waits = (i: number) => Math.floor(i / tenants) % 10 === 0
  await store()
    .db.collection('review_queue')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: checkId(i) as never,
        tenant_id: tenant(i),
        queue: 'review',
        lane: waits(i) ? queueLane(tenant(i), 'review') : `${tenant(i)}:decided`,
        waiting_in: waits(i) ? 'review' : 'decided',
        completed_at: day(i),
        claims: 0,
      })),
    )
  await store()
    .db.collection('check_decisions')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: `${checkId(i)}:1` as never,
        check_id: checkId(i),
        seq: 1,
        tenant_id: tenant(i),
        tenant_day: tenantDay(tenant(i), day(i)),
        decided_at: day(i),
        // The outbox: one in a hundred still unpublished.
        published: i % 100 !== 0,
      })),
    )
  await store()
    .db.collection('console_audit')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: `a${i}` as never,
        check_id: checkId(i),
        tenant_id: tenant(i),
        tenant_day: tenantDay(tenant(i), day(i)),
        at: day(i),
        key: `decision:${checkId(i)}:1`,
      })),
    )
  // One audit chain head per tenant.
  await store()
    .db.collection('console_audit_heads')
    .insertMany(
      Array.from({ length: tenants }, (_, i) => ({ _id: tenant(i) as never, seq: 10, hash: '0'.repeat(64) })),
    )
  await store()
    .db.collection('review_claims')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({ _id: `${checkId(i)}:1` as never, check_id: checkId(i) })),
    )
  await store()
    .db.collection('console_users')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: `user${i}@example.test` as never,
        tenant_id: tenant(i),
      })),
    )
  await store()
    .db.collection('console_sessions')
    .insertMany(
      Array.from({ length: rows }, (_, i) => ({
        _id: String(i).padStart(64, 'a') as never,
        tenant_id: tenant(i),
        email: `user${i}@example.test`,
      })),
    )
  await store()
    .db.collection('forgery_set')
    .insertMany(Array.from({ length: rows }, (_, i) => ({ _id: checkId(i) as never, tenant_id: tenant(i) })))
  await store()
    .db.collection('fingerprint_approvals')
    .insertMany(Array.from({ length: rows }, (_, i) => ({ _id: `vtb|${i}` as never, tenant_id: tenant(i) })))
  await refreshStatistics(store().db)
}, 300_000)

const queries = consoleHotPathQueries({ checkId: checkId(1230), tenantId: tenant(1230), now })

describe(`console queries over ${rows} stored entries of ${tenants} tenants`, () => {
  it.each(Object.entries(queries))('%s: answered from an index', async (_name, query) => {
    const verdict = judgeQueryPlan(await findWith(store().db.collection(query.collection), query).explain())
    expect(verdict, JSON.stringify(verdict)).toMatchObject({ indexed: true })
  })

  it('a lane returns only what waits in it', async () => {
    const lane = await store().reviewQueue.lane(tenant(1230), 'review')
    expect(lane.length).toBe(rows / tenants / 10)
    expect(lane.every((e) => e.lane === queueLane(tenant(1230), 'review'))).toBe(true)
  })

  it('the queue gauges count what waits in a queue across tenants, and find its oldest', async () => {
    const waiting = await store().reviewQueue.waitingIn('review')
    expect(waiting.depth).toBe(rows / 10)
    expect(waiting.oldest).toEqual(new Date(now.getTime() - 29 * 86_400_000))
    expect(await store().reviewQueue.waitingIn('escalated')).toEqual({ depth: 0, oldest: null })
  })

  it('the queue gauges count with an aggregate $match (indexed), not the count command (a scan on FerretDB)', async () => {
    // countDocuments runs [{$match}, {$group}]: FerretDB pushes the $match down; `count` it does not.
    const { filter } = consoleQueries.waiting('review')
    const aggregate = await store().db.command({
      explain: {
        aggregate: 'review_queue',
        pipeline: [{ $match: filter }, { $group: { _id: 1, n: { $sum: 1 } } }],
        cursor: {},
      },
    })
    expect(judgeQueryPlan(aggregate)).toMatchObject({ indexed: true })
    const count = await store().db.command({ explain: { count: 'review_queue', query: filter } })
    if (judgeQueryPlan(count).server === 'ferretdb-postgresql')
      expect(judgeQueryPlan(count)).toMatchObject({ indexed: false })
  })

  it('the outbox returns only unpublished decisions, oldest first, a bounded batch', async () => {
    const batch = await store().decisions.findUnpublished(now, 10)
    expect(batch).toHaveLength(10)
    expect(batch.every((d) => d.published === false)).toBe(true)
    const times = batch.map((d) => d.decided_at.getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    // Decided before `now` only: a third of them were decided at `now` itself.
    expect(await store().decisions.findUnpublished(now, 1000)).toHaveLength((rows / 100) * (2 / 3))
    expect(await store().decisions.findUnpublished(new Date(now.getTime() + 1), 1000)).toHaveLength(
      rows / 100,
    )
  })

  it('erasure of a tenant finds its lanes, decisions, audit, users, sessions and approvals, nothing else', async () => {
    const t = tenant(1230)
    const count = (q: { collection: string; filter: object }) =>
      store().db.collection(q.collection).countDocuments(q.filter)
    const lanes = await Promise.all(tenantLanes(t).map((l) => count(consoleErasureQueries.queueLane(l))))
    expect(lanes.reduce((a, b) => a + b, 0)).toBe(rows / tenants)
    for (const q of [
      consoleErasureQueries.decisionsOfTenant(t),
      consoleErasureQueries.auditOfTenant(t),
      consoleErasureQueries.usersOfTenant(t),
      consoleErasureQueries.sessionsOfTenant(t),
      consoleErasureQueries.approvalsOfTenant(t),
      consoleErasureQueries.forgerySetOfTenant(t),
    ])
      expect(await count(q), q.collection).toBe(rows / tenants)
  })

  it('control: a filter on an unindexed field is judged a scan', async () => {
    const explain = await store().db.collection('review_queue').find({ queue: 'review' }).explain()
    expect(judgeQueryPlan(explain)).toMatchObject({ indexed: false })
  })
})
