/**
 * The store's side of the `created_hour` backfill: checks stored before the retention sweeper's hour
 * bucket existed have none, so the sweeper (an equality on `{tenant_id, created_hour}`) never finds them.
 * A tenant's such checks are read as one stream (`withoutCreatedHour`), a batch at a time, and each batch
 * gets its bucket from its own `created_at` in one bulk write whose filters keep it idempotent and safe
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
    /** The tenant's checks without `created_hour`, `batch` at a time (one cursor: each row read once). */
    async *batchesWithoutHour(tenantId: string, batch: number): AsyncGenerator<OldShapeCheck[]> {
      const cursor = findWith(checks, checkQueries.withoutCreatedHour(tenantId))
        .project<OldShapeCheck>({ _id: 1, created_at: 1 })
        .batchSize(batch)
      try {
        let page: OldShapeCheck[] = []
        for await (const doc of cursor) {
          page.push(doc)
          if (page.length === batch) {
            yield page
            page = []
          }
        }
        if (page.length > 0) yield page
      } finally {
        await cursor.close()
      }
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
