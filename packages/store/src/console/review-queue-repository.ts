import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import { findOneWith, findWith } from '../store-queries'
import {
  consoleErasureQueries,
  consoleIndexes,
  consoleQueries,
  queueLane,
  type ReviewQueue,
  reviewQueues,
  tenantLanes,
} from './console-queries'

/** A finished check waiting for a person (`review_queue`), with what the queue filters on. */
export interface QueueEntryDocument {
  /** The check id. */
  _id: string
  tenant_id: string
  queue: ReviewQueue
  /** `<tenant>:<queue>` while undecided; `<tenant>:decided` after (a lane nobody reads). */
  lane: string
  /**
   * The queue it waits in, across tenants (`escalated` once escalated, `decided` after): what the queue gauges
   * count at scrape. Entries queued before this field existed lack it until `backfillWaitingIn` sets it.
   */
  waiting_in: ReviewQueue | 'decided'
  /** The `seq` of the decision that last moved it (escalated or decided): an older one never moves it back. */
  decided_seq?: number
  /** When the check finished: the queue's age. */
  completed_at: Date
  verdict: string | null
  family: string | null
  bank: string | null
  amount: number | null
  reasons: string[]
  /** How many claims were ever made (the `_id` of the latest is `<check>:<claims>`). */
  claims: number
  claimed_by: string | null
  lease_until: Date | null
}

/** What the queue feed gives `enqueue`: the rest (lane, claims) the repository sets. */
export type QueueEntryInput = Omit<
  QueueEntryDocument,
  'lane' | 'waiting_in' | 'claims' | 'claimed_by' | 'lease_until'
>

export interface ClaimDocument {
  /** `<check>:<n>`: the unique insert is the claim (FerretDB has no transactions). */
  _id: string
  check_id: string
  tenant_id: string
  email: string
  at: Date
  until: Date
}

export type ClaimOutcome = { claimed: true; until: Date } | { claimed: false; heldBy: string; until: Date }

/**
 * The review queue and its claims. A claim is a lease: the n-th claim of a check is the document
 * `<check>:<n>`, created by an insert, so of two analysts claiming at once exactly one wins; a later claim
 * (n + 1) is allowed once the lease has run out, or by its holder.
 */
export function createReviewQueueRepository(db: Db) {
  const entries: Collection<QueueEntryDocument> = db.collection('review_queue')
  const claims: Collection<ClaimDocument> = db.collection('review_claims')

  async function latestClaim(checkId: string, from: number): Promise<{ n: number; doc?: ClaimDocument }> {
    let n = from
    let doc = n > 0 ? ((await findOneWith(claims, consoleQueries.claim(checkId, n))) ?? undefined) : undefined
    // The entry's counter can lag behind an insert whose follow-up update did not land: look ahead.
    for (;;) {
      const next = await findOneWith(claims, consoleQueries.claim(checkId, n + 1))
      if (!next) return { n, ...(doc ? { doc } : {}) }
      n += 1
      doc = next
    }
  }

  /** Inserts claim n of the check; false when another insert took that number first. */
  async function insertClaim(entry: QueueEntryDocument, n: number, email: string, at: Date, until: Date) {
    const claim = {
      _id: `${entry._id}:${n}`,
      check_id: entry._id,
      tenant_id: entry.tenant_id,
      email,
      at,
      until,
    }
    try {
      await claims.insertOne(claim)
      return true
    } catch (error) {
      if (isDuplicateKeyError(error)) return false
      throw error
    }
  }

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.review_queue) await entries.createIndex(index)
      for (const index of consoleIndexes.review_claims) await claims.createIndex(index)
    },

    /** Puts a finished check in its queue once (a redelivered completion changes nothing). */
    async enqueue(entry: QueueEntryInput) {
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
    },

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

    async claim(
      entry: QueueEntryDocument,
      email: string,
      leaseMs: number,
      now = new Date(),
    ): Promise<ClaimOutcome> {
      const { n, doc } = await latestClaim(entry._id, entry.claims)
      if (doc && doc.email !== email && doc.until.getTime() > now.getTime())
        return { claimed: false, heldBy: doc.email, until: doc.until }
      const until = new Date(now.getTime() + leaseMs)
      if (!(await insertClaim(entry, n + 1, email, now, until))) {
        const won = await findOneWith(claims, consoleQueries.claim(entry._id, n + 1))
        return { claimed: false, heldBy: won?.email ?? 'someone', until: won?.until ?? until }
      }
      await entries.updateOne(
        { _id: entry._id },
        { $set: { claims: n + 1, claimed_by: email, lease_until: until } },
      )
      return { claimed: true, until }
    },

    /** Who holds the check now (undefined: nobody, or the lease ran out). */
    async holder(entry: QueueEntryDocument, now = new Date()): Promise<string | undefined> {
      const { doc } = await latestClaim(entry._id, entry.claims)
      return doc && doc.until.getTime() > now.getTime() ? doc.email : undefined
    },

    /**
     * Ends the caller's lease at once (an escalated check must be free for a lead): the next claim document,
     * expired at `now`. Nothing when someone else holds it.
     */
    async release(entry: QueueEntryDocument, email: string, now = new Date()): Promise<void> {
      const { n, doc } = await latestClaim(entry._id, entry.claims)
      // Already free (a repeat, e.g. the sweeper finishing an escalation): nothing to end.
      if (!doc || doc.email !== email || doc.until.getTime() <= now.getTime()) return
      await insertClaim(entry, n + 1, email, now, now)
      await entries.updateOne(
        { _id: entry._id },
        { $set: { claims: n + 1, claimed_by: null, lease_until: now } },
      )
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

    /**
     * Sets `waiting_in` on a tenant's undecided entries queued before it existed (what the queue gauges
     * count), a batch at a time, reading each queue's lane (indexed: costs what waits). Idempotent; returns
     * how many it set.
     */
    async backfillWaitingIn(tenantId: string, batch = 500): Promise<number> {
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
    },

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

export type ReviewQueueRepository = ReturnType<typeof createReviewQueueRepository>
