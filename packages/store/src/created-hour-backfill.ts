/**
 * The store's side of the `created_hour` backfill: checks stored before the retention sweeper's hour
 * bucket existed have none, so the sweeper (an equality on `{tenant_id, created_hour}`) never finds them.
 * A tenant's such checks are read by one query, a page at a time (`withoutCreatedHour`), and each page gets
 * its bucket from its own `created_at` in one bulk write whose filters keep it idempotent and safe beside
 * live traffic: only a check still without the field is written, and an erased one is not recreated.
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
     * The tenant's checks without `created_hour`, `batch` at a time, from one cursor that stays open
     * while the caller writes each page. One query per tenant, not one per page: FerretDB pushes only the
     * tenant down, so a query per page re-read every check of the tenant done before it (quadratic).
     * On MongoDB it is one range of the `{tenant_id, created_hour}` index; a check written leaves it.
     * The caller closes the cursor by leaving its loop early (`return()` runs the `finally`).
     */
    async *pagesWithoutHour(tenantId: string, batch: number): AsyncGenerator<OldShapeCheck[]> {
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
    /**
     * Sets each check's bucket from its `created_at`; answers the buckets of the page and how many were
     * written (a check given one since, or erased, is skipped). Each write is an `updateMany` on one `_id`
     * (the same effect as `updateOne`): FerretDB v1.24 keeps the PostgreSQL connection of every matched
     * `updateOne` of a command until the whole command ends, and its pool holds 50, so one command of 50
     * such updates waited forever for a 51st and stopped the server answering anyone (26–27 Nov).
     */
    async setHours(page: readonly OldShapeCheck[]): Promise<{ written: number; hours: string[] }> {
      if (page.length === 0) return { written: 0, hours: [] }
      const hours = page.map((doc) => hourBucket(new Date(doc.created_at)))
      const result = await checks.bulkWrite(
        page.map((doc, i) => ({
          updateMany: {
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
