import type { Db } from 'mongodb'
import { consoleIndexes } from './console-queries'
import { createReviewClaims } from './review-claims'
import { openReviewQueueCollections } from './review-queue-documents'
import { createReviewQueueEntries } from './review-queue-entry'

export type {
  ClaimDocument,
  ClaimOutcome,
  QueueEntryDocument,
  QueueEntryInput,
  ReviewQueueCollections,
} from './review-queue-documents'

/**
 * The review queue and its claims: the entries (`review-queue-entry.ts`) and the leases on them
 * (`review-claims.ts`), composed into the one repository the console takes.
 */
export function createReviewQueueRepository(db: Db) {
  const ctx = openReviewQueueCollections(db)
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.review_queue) await ctx.entries.createIndex(index)
      for (const index of consoleIndexes.review_claims) await ctx.claims.createIndex(index)
    },
    ...createReviewQueueEntries(ctx),
    ...createReviewClaims(ctx),
  }
}

export type ReviewQueueRepository = ReturnType<typeof createReviewQueueRepository>
