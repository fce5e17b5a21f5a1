import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import { backfillConsole } from '../src/console/console-backfill'
import { queueLane } from '../src/console/console-queries'

// Queue entries written before `waiting_in` existed, on the real store: the queue gauges do not count
// them until the backfill sets it from their lane — in batches, once (docs/console.md).
const store = useTestStore('it-console-backfill', connectStore)
const now = new Date('2026-03-11T12:00:00.000Z')

/** An entry as the console stored it before `waiting_in`: lane only. */
function legacyEntry(tenantId: string, i: number, lane: string) {
  return {
    _id: `chk_legacy${tenantId.slice(-4)}${String(i).padStart(4, '0')}` as never,
    tenant_id: tenantId,
    queue: 'review',
    lane,
    completed_at: new Date(now.getTime() - i * 60_000),
    claims: 0,
    claimed_by: null,
    lease_until: null,
  }
}

describe('console backfill', () => {
  it('gives legacy queue entries waiting_in from their lane, in batches, once; the gauges then count them', async () => {
    const a = (await store().tenants.createTenant('backfill-a', now))._id
    const b = (await store().tenants.createTenant('backfill-b', now))._id
    await store()
      .db.collection('review_queue')
      .insertMany([
        ...Array.from({ length: 7 }, (_, i) => legacyEntry(a, i, queueLane(a, 'review'))),
        ...Array.from({ length: 2 }, (_, i) => legacyEntry(a, 10 + i, `${a}:escalated`)),
        ...Array.from({ length: 3 }, (_, i) => legacyEntry(a, 20 + i, `${a}:decided`)),
        ...Array.from({ length: 4 }, (_, i) => legacyEntry(b, i, queueLane(b, 'reject'))),
      ])
    // Queued since: already has it, and is left alone.
    await store().reviewQueue.enqueue({
      _id: 'chk_newentry0001',
      tenant_id: b,
      queue: 'review',
      completed_at: now,
      verdict: null,
      family: null,
      bank: null,
      amount: null,
      reasons: [],
    })
    expect((await store().reviewQueue.waitingIn('review')).depth).toBe(1)
    expect((await store().reviewQueue.waitingIn('escalated')).depth).toBe(0)
    // Sessions opened before `expires_hour`: the expired one deleted, the live one bucketed for the purge.
    const session = { email: 'x@a.test', tenant_id: a, role: 'analyst', csrf: 'c', created_at: now }
    await store()
      .db.collection('console_sessions')
      .insertMany([
        { _id: 'legacy-expired', ...session, expires_at: new Date(now.getTime() - 60_000) },
        { _id: 'legacy-live', ...session, expires_at: new Date(now.getTime() + 60_000) },
      ] as never[])

    // A batch of 3: the lanes of 7 and 4 take several rounds each.
    expect(await backfillConsole(store(), 3, now)).toEqual({ tenants: 2, waitingIn: 7 + 2 + 4, sessions: 2 })
    expect(
      (await store().db.collection('console_sessions').find({ tenant_id: a }).toArray()).map((d) => [
        d._id,
        d.expires_hour,
      ]),
    ).toEqual([['legacy-live', new Date(now.getTime() + 60_000).toISOString().slice(0, 13)]])
    expect(await store().reviewQueue.waitingIn('review')).toEqual({
      depth: 8,
      oldest: new Date(now.getTime() - 6 * 60_000),
    })
    expect((await store().reviewQueue.waitingIn('escalated')).depth).toBe(2)
    expect((await store().reviewQueue.waitingIn('reject')).depth).toBe(4)
    // Decided entries wait nowhere: the gauges never counted them, and the backfill reads no decided lane.
    expect(
      await store()
        .db.collection('review_queue')
        .countDocuments({ lane: `${a}:decided`, waiting_in: 'decided' }),
    ).toBe(0)
    expect(await backfillConsole(store(), 3, now)).toEqual({ tenants: 2, waitingIn: 0, sessions: 0 })
  })
})
