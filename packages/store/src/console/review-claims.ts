import { isDuplicateKeyError } from '../duplicate-key'
import { findOneWith } from '../store-queries'
import { consoleQueries } from './console-queries'
import type {
  ClaimDocument,
  ClaimOutcome,
  QueueEntryDocument,
  ReviewQueueCollections,
} from './review-queue-documents'

/** The latest claim of a check, counting from the entry's `claims` (which may lag). */
async function latestClaim(
  { claims }: ReviewQueueCollections,
  checkId: string,
  from: number,
): Promise<{ n: number; doc?: ClaimDocument }> {
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
async function insertClaim(
  { claims }: ReviewQueueCollections,
  entry: QueueEntryDocument,
  n: number,
  claim: { email: string; at: Date; until: Date },
) {
  try {
    await claims.insertOne({
      _id: `${entry._id}:${n}`,
      check_id: entry._id,
      tenant_id: entry.tenant_id,
      ...claim,
    })
    return true
  } catch (error) {
    if (isDuplicateKeyError(error)) return false
    throw error
  }
}

/** A lease of `leaseMs` for `email`, unless someone else's lease still runs (or won the same number). */
export async function claimEntry(
  ctx: ReviewQueueCollections,
  entry: QueueEntryDocument,
  email: string,
  leaseMs: number,
  now = new Date(),
): Promise<ClaimOutcome> {
  const { n, doc } = await latestClaim(ctx, entry._id, entry.claims)
  if (doc && doc.email !== email && doc.until.getTime() > now.getTime())
    return { claimed: false, heldBy: doc.email, until: doc.until }
  const until = new Date(now.getTime() + leaseMs)
  if (!(await insertClaim(ctx, entry, n + 1, { email, at: now, until }))) {
    const won = await findOneWith(ctx.claims, consoleQueries.claim(entry._id, n + 1))
    return { claimed: false, heldBy: won?.email ?? 'someone', until: won?.until ?? until }
  }
  await ctx.entries.updateOne(
    { _id: entry._id },
    { $set: { claims: n + 1, claimed_by: email, lease_until: until } },
  )
  return { claimed: true, until }
}

/**
 * Ends the caller's lease at once (an escalated check must be free for a lead): the next claim document,
 * expired at `now`. Nothing when someone else holds it.
 */
export async function releaseEntry(
  ctx: ReviewQueueCollections,
  entry: QueueEntryDocument,
  email: string,
  now = new Date(),
): Promise<void> {
  const { n, doc } = await latestClaim(ctx, entry._id, entry.claims)
  // Already free (a repeat, e.g. the sweeper finishing an escalation): nothing to end.
  if (!doc || doc.email !== email || doc.until.getTime() <= now.getTime()) return
  await insertClaim(ctx, entry, n + 1, { email, at: now, until: now })
  await ctx.entries.updateOne(
    { _id: entry._id },
    { $set: { claims: n + 1, claimed_by: null, lease_until: now } },
  )
}

/**
 * Claims as leases: the n-th claim of a check is the document `<check>:<n>`, created by an insert, so of
 * two analysts claiming at once exactly one wins; a later claim (n + 1) is allowed once the lease has run
 * out, or by its holder.
 */
export function createReviewClaims(ctx: ReviewQueueCollections) {
  return {
    claim: (entry: QueueEntryDocument, email: string, leaseMs: number, now?: Date) =>
      claimEntry(ctx, entry, email, leaseMs, now),
    /** Who holds the check now (undefined: nobody, or the lease ran out). */
    async holder(entry: QueueEntryDocument, now = new Date()): Promise<string | undefined> {
      const { doc } = await latestClaim(ctx, entry._id, entry.claims)
      return doc && doc.until.getTime() > now.getTime() ? doc.email : undefined
    },
    release: (entry: QueueEntryDocument, email: string, now?: Date) => releaseEntry(ctx, entry, email, now),
  }
}
