/**
 * Documents that outlive their use unless deleted: a delivery counted by a replica that died before
 * forgetting it, a dead gateway replica's rate window, an expired console session. Each carries `expires_at` and its hour bucket
 * `expires_hour`; the retention job deletes every bucket wholly past, an equality per hour walked from a
 * cursor (FerretDB v1 has no TTL index — createIndex answers "not implemented" — and pushes no range down:
 * docs/store.md). On MongoDB a TTL index on `expires_at` is created as well and deletes them on its own;
 * the sweep then finds nothing. Documents written before these fields existed are not expired here.
 */
import type { Collection, Db, Document } from 'mongodb'
import {
  type ExpiringCollection,
  expiringCollections,
  expiryQueries,
  findOneWith,
  hourBucket,
  hourMs,
  storeIndexes,
  ttlIndexes,
} from './store-queries'

export interface ExpiryFields {
  expires_at: Date
  expires_hour: string
}

export function expiryFields(expiresAt: Date): ExpiryFields {
  return { expires_at: expiresAt, expires_hour: hourBucket(expiresAt) }
}

const notImplemented = 238

/** The bucket index everywhere; the TTL index where the server has them (not FerretDB v1). */
export async function ensureExpiryIndexes(collection: Collection<Document>, name: ExpiringCollection) {
  for (const index of storeIndexes[name]) await collection.createIndex(index)
  try {
    await collection.createIndex(ttlIndexes[name], { expireAfterSeconds: 0 })
  } catch (err) {
    if ((err as { code?: unknown }).code !== notImplemented) throw err
  }
}

interface CursorDocument {
  /** `expiry:<collection>` (tenant ids start with `ten_`). */
  _id: string
  hour: string
  at: Date
}

export interface ExpirySweepReport {
  hours: number
  deleted: number
}

export function createExpirySweeper(db: Db) {
  const cursors = db.collection<CursorDocument>('retention_cursors')
  return {
    /**
     * Deletes every expired bucket of every expiring collection, oldest first from each cursor (at most
     * `maxHours` per collection and sweep, the rest left to the next; the first sweep starts `maxHours`
     * back), moving a cursor once its hour is deleted, so a sweep cut short is finished by the next.
     */
    async sweep(
      now: Date,
      options: { maxHours?: number; collections?: readonly ExpiringCollection[] } = {},
    ): Promise<ExpirySweepReport> {
      const maxHours = options.maxHours ?? 24 * 7
      const report: ExpirySweepReport = { hours: 0, deleted: 0 }
      // The last hour whose every millisecond is past.
      const lastPast = Math.floor(now.getTime() / hourMs) * hourMs - hourMs
      for (const name of options.collections ?? expiringCollections) {
        const cursor = (await findOneWith(cursors, expiryQueries.cursorById(name)))?.hour
        // No cursor yet: the fields are newer than any hour further back.
        const start =
          cursor === undefined
            ? lastPast - (maxHours - 1) * hourMs
            : Date.parse(`${cursor}:00:00.000Z`) + hourMs
        for (let h = start, n = 0; h <= lastPast && n < maxHours; h += hourMs, n++) {
          const hour = hourBucket(new Date(h))
          const { deletedCount } = await db
            .collection(name)
            .deleteMany(expiryQueries.expiredIn(name, hour).filter)
          await cursors.replaceOne(
            expiryQueries.cursorById(name).filter as { _id: string },
            { hour, at: now },
            { upsert: true },
          )
          report.hours++
          report.deleted += deletedCount
        }
      }
      return report
    },
  }
}

export type ExpirySweeper = ReturnType<typeof createExpirySweeper>
