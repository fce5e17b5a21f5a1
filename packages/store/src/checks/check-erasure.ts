import { checkQueries, findOneWith, findWith } from '../store-queries'
import type { CheckCollections } from './check-collections'
import { type ErasableCheck, erasableProjection } from './check-document'

/** What erasure finds of checks (only the fields it needs) and the erasure of one check. */
export function createCheckErasure({ checks, completions, slots }: CheckCollections) {
  return {
    /**
     * A tenant's checks created in `hour` (`hourBucket`), at most `limit`: what the retention sweeper
     * erases. Only the fields erasure needs.
     */
    async findCreatedInHour(tenantId: string, hour: string, limit = 100): Promise<ErasableCheck[]> {
      const docs = await findWith(checks, checkQueries.createdInHour(tenantId, hour, limit))
        .project<ErasableCheck>(erasableProjection)
        .toArray()
      return docs
    },
    /** Up to `limit` of a tenant's checks (erasure of a tenant: erase them, then ask again). */
    async findOfTenant(tenantId: string, limit = 100): Promise<ErasableCheck[]> {
      return findWith(checks, checkQueries.byTenant(tenantId, limit))
        .project<ErasableCheck>(erasableProjection)
        .toArray()
    },
    /** The check if it belongs to the tenant, with what erasing it needs; another tenant's looks missing. */
    async findErasable(tenantId: string, id: string): Promise<ErasableCheck | undefined> {
      const doc = await findOneWith(checks, checkQueries.byIdForTenant(id, tenantId), {
        projection: erasableProjection,
      })
      return (doc as ErasableCheck | null) ?? undefined
    },
    /**
     * Deletes the check's stage slots, terminal record and, last, its `checks` document (so an erasure
     * cut short is found and finished by the next one). Returns whether the `checks` document existed.
     */
    async erase(id: string): Promise<boolean> {
      await slots.eraseOfCheck(id)
      await completions.deleteOne({ _id: id })
      return (await checks.deleteOne({ _id: id })).deletedCount === 1
    },
  }
}
