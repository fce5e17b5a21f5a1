import type { Collection, Db } from 'mongodb'
import type { ReviewQueue } from './console-queries'

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

/** The two collections of the review queue: its entries and their claims. */
export interface ReviewQueueCollections {
  entries: Collection<QueueEntryDocument>
  claims: Collection<ClaimDocument>
}

export function openReviewQueueCollections(db: Db): ReviewQueueCollections {
  return { entries: db.collection('review_queue'), claims: db.collection('review_claims') }
}
