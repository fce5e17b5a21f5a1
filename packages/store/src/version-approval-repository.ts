import { createHash } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { consoleErasureQueries, consoleIndexes } from './console/console-queries'
import { isDuplicateKeyError } from './duplicate-key'

/** A lead's approval that a family's new generator version may be learned from confirmed receipts. */
export interface VersionApprovalDocument {
  /** `<family>|<sha256 of the version label>`: one approval per family and version, read by id. */
  _id: string
  family: string
  /** The version label (`versionLabel`: producer, or creator + producer): software names only. */
  version: string
  approved_by: string
  tenant_id: string
  note: string | null
  approved_at: Date
}

const idOf = (family: string, version: string) =>
  `${family}|${createHash('sha256').update(version).digest('hex').slice(0, 32)}`

/**
 * Leads' approvals of new template versions (`fingerprint_approvals`), consulted by `fingerprint learn`'s
 * guard; each is also an entry of the approving lead's console audit log. Read by `_id` (by tenant: erasure).
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
    /** Records the approval once; false when the version was already approved (the first one stands). */
    async approve(
      approval: Omit<VersionApprovalDocument, '_id' | 'approved_at'>,
      now = new Date(),
    ): Promise<boolean> {
      try {
        await approvals.insertOne({
          ...approval,
          _id: idOf(approval.family, approval.version),
          approved_at: now,
        })
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },
    /** Which of `versions` a lead approved for the family. */
    async approvedAmong(family: string, versions: readonly string[]): Promise<string[]> {
      if (versions.length === 0) return []
      const found = await approvals.find({ _id: { $in: versions.map((v) => idOf(family, v)) } }).toArray()
      return found.map((a) => a.version)
    },
  }
}

export type VersionApprovalRepository = ReturnType<typeof createVersionApprovalRepository>
