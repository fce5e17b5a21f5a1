import { createHash } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { consoleErasureQueries, consoleIndexes } from './console/console-queries'
import { isDuplicateKeyError } from './duplicate-key'

/**
 * The operator's approval that a family's new generator version may be learned from confirmed receipts. An
 * approval stored before operators approved (`role` absent: a tenant's lead's) no longer counts.
 */
export interface VersionApprovalDocument {
  /** `<family>|<sha256 of the version label>`: one approval per family and version, read by id. */
  _id: string
  family: string
  /** The version label (`versionLabel`: producer, or creator + producer): software names only. */
  version: string
  /** Who approved it: the operator's name (`fingerprint approve --by`). */
  approved_by: string
  role?: 'operator'
  /** A tenant the approval was made for (erased with it; a lead's approval from before operators approved). */
  tenant_id?: string
  note: string | null
  approved_at: Date
}

const idOf = (family: string, version: string) =>
  `${family}|${createHash('sha256').update(version).digest('hex').slice(0, 32)}`

/**
 * The operator's approvals of new template versions (`fingerprint_approvals`), consulted by `fingerprint
 * learn`'s guard and named in the learned version's `taught_by`. Read by `_id` (by tenant: erasure of a lead's
 * approval from before operators approved).
 */
export function createVersionApprovalRepository(db: Db) {
  const approvals: Collection<VersionApprovalDocument> = db.collection('fingerprint_approvals')
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.fingerprint_approvals) await approvals.createIndex(index)
    },
    /**
     * Erasure of a tenant: the approvals its leads made (each names the lead). What the fingerprints already
     * learned under an approval stays learned; a later learn of that version needs a new approval.
     */
    async eraseTenant(tenantId: string): Promise<void> {
      await approvals.deleteMany(consoleErasureQueries.approvalsOfTenant(tenantId).filter)
    },
    /**
     * Records the operator's approval once; false when the operator already approved the version (the first
     * one stands). A lead's approval from before takes its place.
     */
    async approve(
      approval: Omit<VersionApprovalDocument, '_id' | 'approved_at' | 'role'>,
      now = new Date(),
    ): Promise<boolean> {
      const _id = idOf(approval.family, approval.version)
      const doc = { ...approval, role: 'operator' as const, approved_at: now }
      try {
        const result = await approvals.replaceOne({ _id, role: { $ne: 'operator' } }, doc, { upsert: true })
        return result.modifiedCount + result.upsertedCount === 1
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },
    /** Which of `versions` the operator approved for the family, and who approved each. */
    async approvedAmong(
      family: string,
      versions: readonly string[],
    ): Promise<{ version: string; approved_by: string }[]> {
      if (versions.length === 0) return []
      const ids = versions.map((v) => idOf(family, v))
      const found = await approvals.find({ _id: { $in: ids }, role: 'operator' }).toArray()
      return found.map((a) => ({ version: a.version, approved_by: a.approved_by }))
    },
  }
}

export type VersionApprovalRepository = ReturnType<typeof createVersionApprovalRepository>
