import type { Filter } from 'mongodb'
import { findWith, hourBucket, hourMs, idempotencyQueries, minuteBucket, minuteMs } from '../store-queries'
import type { IdempotencyContext, RetirementDocument } from './idempotency-collections'
import { retireRecord } from './retire-record'

/**
 * How far back a purge looks the first time (then it goes on from where it stopped): minute buckets of
 * records, hour buckets of retirement markers. Older ones (a sweeper stopped longer) stay: expired, so
 * absent to claims, only space.
 */
const recordsLookbackMs = 6 * hourMs
const markersLookbackMs = 3 * 24 * hourMs

const floor = (at: Date, unit: number) => Math.floor(at.getTime() / unit) * unit

/**
 * The first bucket each purge still has to look at; this process's own memory (every replica makes one
 * full lookback pass after it starts, then about one equality query per minute of elapsed time).
 */
interface PurgeCursor {
  recordsFrom?: number
  markersFrom?: number
}

/** Retires the records of every minute bucket wholly past retention; returns how many. */
async function purgeRecords(
  ctx: IdempotencyContext,
  cursor: PurgeCursor,
  now: Date,
  batchSize: number,
): Promise<number> {
  // Buckets strictly before the one holding the cutoff are wholly expired.
  const end = floor(ctx.expiredBefore(now), minuteMs)
  let purged = 0
  let resumeAt: number | undefined
  for (let minute = cursor.recordsFrom ?? end - recordsLookbackMs; minute < end; minute += minuteMs) {
    for (;;) {
      const query = idempotencyQueries.createdIn(minuteBucket(new Date(minute)), batchSize)
      const batch = await findWith(ctx.records, query).toArray()
      let retired = 0
      for (const record of batch) if (await retireRecord(ctx, record, now)) retired++
      purged += retired
      if (batch.length < batchSize) break
      // Others are retiring these very records: no progress here, come back to this minute next time.
      if (retired === 0) {
        resumeAt ??= minute
        break
      }
    }
  }
  cursor.recordsFrom = resumeAt ?? Math.max(cursor.recordsFrom ?? end, end)
  return purged
}

/**
 * A marker only matters while a claimer may still hold the retired record it names: markers of hours
 * wholly before twice the retention go.
 */
async function purgeMarkers(ctx: IdempotencyContext, cursor: PurgeCursor, now: Date): Promise<void> {
  const markersBefore = floor(ctx.expiredBefore(ctx.expiredBefore(now)), hourMs)
  for (
    let hour = cursor.markersFrom ?? markersBefore - markersLookbackMs;
    hour < markersBefore;
    hour += hourMs
  )
    await ctx.retirements.deleteMany(
      idempotencyQueries.retirementsIn(hourBucket(new Date(hour))).filter as Filter<RetirementDocument>,
    )
  cursor.markersFrom = Math.max(cursor.markersFrom ?? markersBefore, markersBefore)
}

/** The purge of expired records and old markers, with its cursor (one per repository, as before). */
export function createIdempotencyPurge(ctx: IdempotencyContext) {
  const cursor: PurgeCursor = {}
  return {
    /**
     * Deletes records past retention, at most `batchSize` per round, until none is left; returns how many.
     * Asks minute bucket by minute bucket (an indexed equality), only buckets wholly past retention, never
     * a range: FerretDB v1 pushes no range down, so `created_at <= cutoff` would read every record. A key
     * is therefore purged up to a minute after it expires (claims treat it as absent from the first
     * millisecond).
     * @example await idempotency.purgeExpired(new Date(), 500)
     */
    async purgeExpired(now: Date, batchSize = 500): Promise<number> {
      const purged = await purgeRecords(ctx, cursor, now, batchSize)
      await purgeMarkers(ctx, cursor, now)
      return purged
    },
  }
}
