import { isDuplicateKeyError } from '../duplicate-key'
import { findOneWith, findWith } from '../store-queries'
import {
  consoleErasureQueries,
  consoleQueries,
  queueLane,
  type ReviewQueue,
  reviewQueues,
  tenantLanes,
} from './console-queries'
import type { QueueEntryDocument, QueueEntryInput, ReviewQueueCollections } from './review-queue-documents'

/** Puts a finished check in its queue once (a redelivered completion changes nothing). */
async function enqueue({ entries }: ReviewQueueCollections, entry: QueueEntryInput) {
  try {
    await entries.insertOne({
      ...entry,
      lane: queueLane(entry.tenant_id, entry.queue),
      waiting_in: entry.queue,
      claims: 0,
      claimed_by: null,
      lease_until: null,
    })
    return true
  } catch (error) {
    if (isDuplicateKeyError(error)) return false
    throw error
  }
}

/**
 * Sets `waiting_in` on a tenant's undecided entries queued before it existed (what the queue gauges
 * count), a batch at a time, reading each queue's lane (indexed: costs what waits). Idempotent; returns
 * how many it set.
 */
async function backfillWaitingIn(
  { entries }: ReviewQueueCollections,
  tenantId: string,
  batch = 500,
): Promise<number> {
  let set = 0
  for (const queue of reviewQueues) {
    for (;;) {
      const missing = await findWith(
        entries,
        consoleQueries.laneWithoutWaitingIn(tenantId, queue, batch),
      ).toArray()
      if (missing.length === 0) break
      for (const { _id } of missing)
        await entries.updateOne({ _id, waiting_in: { $exists: false } } as never, {
          $set: { waiting_in: queue },
        })
      set += missing.length
    }
  }
  return set
}

/** The queue's entries: what waits where, and where a decision moves it. */
export function createReviewQueueEntries(ctx: ReviewQueueCollections) {
  const { entries, claims } = ctx
  return {
    enqueue: (entry: QueueEntryInput) => enqueue(ctx, entry),

    /** The undecided checks of one queue of a tenant, oldest first. */
    async lane(tenantId: string, queue: ReviewQueue): Promise<QueueEntryDocument[]> {
      return findWith(entries, consoleQueries.lane(tenantId, queue)).toArray()
    },

    /**
     * How many checks wait in one queue across tenants, and since when the oldest: an indexed count and one
     * indexed read (`waiting`), so the cost is what waits in that queue, never what is stored.
     */
    async waitingIn(queue: ReviewQueue): Promise<{ depth: number; oldest: Date | null }> {
      // countDocuments is an aggregate whose $match FerretDB pushes down; the `count` command it does not.
      const depth = await entries.countDocuments(consoleQueries.waiting(queue).filter)
      const first = depth === 0 ? null : await findOneWith(entries, consoleQueries.waiting(queue, 1))
      return { depth, oldest: first?.completed_at ?? null }
    },

    /** The entry, only for its own tenant (another tenant's looks missing). */
    async find(tenantId: string, checkId: string): Promise<QueueEntryDocument | undefined> {
      const entry = await findOneWith(entries, consoleQueries.queueEntry(checkId))
      return entry && entry.tenant_id === tenantId ? entry : undefined
    },

    /**
     * A decided check leaves its queue; an escalated one moves to the lead's lane (`review` stays its queue).
     * `seq` is the deciding decision's: a repeat of it, or an older decision finished late by the sweeper,
     * never moves the entry back from where a later decision put it.
     */
    async close(
      checkId: string,
      tenantId: string,
      lane: 'decided' | 'escalated',
      seq: number,
    ): Promise<void> {
      await entries.updateOne(
        // `_id` is the equality pushed down; the guard is evaluated on that one row.
        { _id: checkId, $or: [{ decided_seq: { $exists: false } }, { decided_seq: { $lte: seq } }] },
        { $set: { lane: `${tenantId}:${lane}`, waiting_in: lane, claimed_by: null, decided_seq: seq } },
      )
    },

    backfillWaitingIn: (tenantId: string, batch?: number) => backfillWaitingIn(ctx, tenantId, batch),

    /** Erasure: a check's entry and every claim of it. */
    async eraseCheck(checkId: string): Promise<void> {
      await claims.deleteMany(consoleErasureQueries.claimsOfCheck(checkId).filter)
      await entries.deleteOne({ _id: checkId })
    },

    /** Erasure: a tenant's entries, lane by lane (the claims went with each check). */
    async eraseTenant(tenantId: string): Promise<void> {
      for (const lane of tenantLanes(tenantId))
        await entries.deleteMany(consoleErasureQueries.queueLane(lane).filter)
    },
  }
}
