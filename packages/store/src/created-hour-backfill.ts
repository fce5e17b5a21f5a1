/**
 * The store's side of the `created_hour` backfill: checks stored before the retention sweeper's hour
 * bucket existed have none, so the sweeper (an equality on `{tenant_id, created_hour}`) never finds them.
 * A tenant's such checks are read a batch at a time (`withoutCreatedHour`), and each batch gets its bucket from its own `created_at` in one bulk write whose filters keep it idempotent and safe
 * beside live traffic: only a check still without the field is written, and an erased one is not recreated.
 */
import type { Db } from 'mongodb'
import { checkQueries, findOneWith, findWith, hourBucket, retentionQueries } from './store-queries'

interface OldShapeCheck {
  _id: string
  created_at: Date | string
}

interface MigrationMarker {
  _id: string
  at: Date
}

const migration = 'checks.created_hour'

export function createCreatedHourBackfill(db: Db) {
  const checks = db.collection<OldShapeCheck & { created_hour?: string | null }>('checks')
  const markers = db.collection<MigrationMarker>('migrations')
  return {
    /** Whether the tenant was wholly backfilled (a tenant never gains old-shape checks again). */
    async isDone(tenantId: string): Promise<boolean> {
      return (await findOneWith(markers, retentionQueries.migrationById(`${migration}:${tenantId}`))) !== null
    },
    async markDone(tenantId: string, now: Date): Promise<void> {
      await markers.replaceOne({ _id: `${migration}:${tenantId}` }, { at: now }, { upsert: true })
    },
    /**
     * Up to `limit` of the tenant's checks still without `created_hour`, read to the end before anything
     * is written: writing while a cursor of the same query was open hung FerretDB v1.24 (26 Nov, 500 per
     * batch), so each batch is a query of its own and the ones written drop out of the next.
     */
    async findWithoutHour(tenantId: string, limit: number): Promise<OldShapeCheck[]> {
      return findWith(checks, { ...checkQueries.withoutCreatedHour(tenantId), limit })
        .project<OldShapeCheck>({ _id: 1, created_at: 1 })
        .toArray()
    },
    /** Sets each check's bucket from its `created_at`; answers the buckets written (a check written since is skipped). */
    async setHours(page: readonly OldShapeCheck[]): Promise<{ written: number; hours: string[] }> {
      if (page.length === 0) return { written: 0, hours: [] }
      const hours = page.map((doc) => hourBucket(new Date(doc.created_at)))
      const result = await checks.bulkWrite(
        page.map((doc, i) => ({
          updateOne: {
            filter: { _id: doc._id, created_hour: null },
            update: { $set: { created_hour: hours[i] } },
          },
        })),
        { ordered: false },
      )
      return { written: result.modifiedCount, hours }
    },
  }
}

export type CreatedHourBackfill = ReturnType<typeof createCreatedHourBackfill>
