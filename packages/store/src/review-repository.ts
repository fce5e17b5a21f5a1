import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'

/** Where a check's original file is (from its check.submitted.v1 payload). */
export interface StoredFileRef {
  bucket: string
  key: string
  sha256: string
}

/** An analyst's decision that a check's document is genuine: the input of `fingerprint learn --from-accepted`. */
export interface ReviewDecisionDocument {
  /** The check id: one decision per check, never edited. */
  _id: string
  tenant_id: string
  /** `<bank>/<variant>` as extraction recognised it. */
  family: string
  /** The fingerprint family (the bank), indexed with `decided_at` for learning. */
  bank: string
  decision: 'genuine'
  note: string | null
  file: StoredFileRef
  decided_at: Date
}

/**
 * Analysts' decisions on checks in review (`review_decisions`). A decision is written once: recording it
 * again returns the first one, so learning never counts a document twice.
 */
export function createReviewRepository(db: Db) {
  const decisions: Collection<ReviewDecisionDocument> =
    db.collection<ReviewDecisionDocument>('review_decisions')

  return {
    async ensureIndexes(): Promise<void> {
      await decisions.createIndex({ bank: 1, decided_at: 1 })
    },

    /** Records the decision; `created` is false when the check was already decided (the stored one is returned). */
    async accept(
      decision: Omit<ReviewDecisionDocument, 'decision' | 'decided_at'>,
      now = new Date(),
    ): Promise<{ decision: ReviewDecisionDocument; created: boolean }> {
      const doc: ReviewDecisionDocument = { ...decision, decision: 'genuine', decided_at: now }
      try {
        await decisions.insertOne(doc)
        return { decision: doc, created: true }
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
        const stored = await decisions.findOne({ _id: decision._id })
        if (!stored) throw error
        return { decision: stored, created: false }
      }
    },

    /** Forgets the decision on a check (erasure). */
    async eraseCheck(checkId: string): Promise<void> {
      await decisions.deleteOne({ _id: checkId })
    },

    async find(checkId: string): Promise<ReviewDecisionDocument | undefined> {
      return (await decisions.findOne({ _id: checkId })) ?? undefined
    },

    /**
     * Checks of the bank accepted as genuine by one of `tenants` since `since` (all when absent), oldest first.
     * Only the tenants the operator lets teach the shared fingerprints (`LEARNING_TENANTS`) are asked for: no
     * tenant's decisions reach every tenant's judgement unless the operator chose so. No tenants: none.
     */
    async acceptedSince(
      bank: string,
      tenants: readonly string[],
      since?: Date,
    ): Promise<ReviewDecisionDocument[]> {
      if (tenants.length === 0) return []
      const byTenant = { bank, tenant_id: { $in: [...tenants] } }
      const filter = since ? { ...byTenant, decided_at: { $gte: since } } : byTenant
      return decisions.find(filter).sort({ decided_at: 1 }).toArray()
    },
  }
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>
