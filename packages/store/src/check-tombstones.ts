import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'
import { findOneWith, findWith, storeIndexes, tombstoneQueries } from './store-queries'

/** What is left of an erased check: its id, tenant and when and why it went; no personal data. */
export interface TombstoneDocument {
  _id: string
  tenant_id: string
  reason: 'retention' | 'erasure'
  deleted_at: Date
}

/**
 * Tombstones of erased checks (`check_tombstones`): a GET of an erased check answers 410 `check_deleted`
 * rather than 404, as the API promises (openapi.yaml).
 */
export function createCheckTombstones(db: Db) {
  const tombstones: Collection<TombstoneDocument> = db.collection<TombstoneDocument>('check_tombstones')
  return {
    /** Idempotent: the first tombstone of a check stays. */
    async bury(tenantId: string, checkId: string, reason: TombstoneDocument['reason'], now = new Date()) {
      try {
        await tombstones.insertOne({ _id: checkId, tenant_id: tenantId, reason, deleted_at: now })
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
      }
    },
    /** Whether the tenant's check was erased (another tenant's tombstone looks like nothing). */
    async isDeleted(tenantId: string, checkId: string): Promise<boolean> {
      return (await findOneWith(tombstones, tombstoneQueries.byIdForTenant(checkId, tenantId))) !== null
    },
    /** Whether the check was erased, whoever's it was (the aggregator drops a late result of it). */
    async isErasedCheck(checkId: string): Promise<boolean> {
      return (await tombstones.findOne({ _id: checkId }, { projection: { _id: 1 } })) !== null
    },
    /**
     * Up to `limit` of the tenant's erased check ids after `after` (null: from the first), in `_id` order,
     * read to the end before the caller writes anything (a cursor left open while writing hung FerretDB v1).
     */
    async idsOfTenant(tenantId: string, after: string | null, limit: number): Promise<string[]> {
      const page = await findWith(tombstones, tombstoneQueries.ofTenantAfter(tenantId, after, limit))
        .project<{ _id: string }>({ _id: 1 })
        .toArray()
      return page.map((doc) => doc._id)
    },
    /** Erasure of a tenant: its tombstones go with it. */
    async eraseTenant(tenantId: string): Promise<void> {
      await tombstones.deleteMany(tombstoneQueries.ofTenant(tenantId).filter)
    },
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.check_tombstones) await tombstones.createIndex(index)
    },
  }
}

export type CheckTombstones = ReturnType<typeof createCheckTombstones>
