import { createHash } from 'node:crypto'
import type { Collection, Db, Filter } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'
import {
  findWith,
  hourBucket,
  hourMs,
  idempotencyQueries,
  minuteBucket,
  minuteMs,
  storeIndexes,
} from './store-queries'

export interface IdempotencyDocument {
  /** `<tenant>:<key>`: the unique id makes claiming a key atomic. */
  _id: string
  tenant_id: string
  key: string
  fingerprint: string
  check_id: string
  created_at: Date
  /** `created_at`'s minute (`2026-03-11T07:12`): the purge asks per minute, an equality FerretDB pushes down. */
  created_minute: string
}

interface RetirementDocument {
  /** `<tenant>:<key>:<check id>` of the record it retires. */
  _id: string
  at: Date
  /** `at`'s hour, for deleting old markers by equality. */
  hour: string
}

/**
 * What makes two requests "the same": the file's SHA-256, the expectation text and the file name.
 *
 * @example
 * requestFingerprint({ fileSha256, expectation: '{"amount":10}', filename: 'r.pdf' })
 */
export function requestFingerprint(input: {
  fileSha256: string
  expectation: string
  filename: string
}): string {
  return createHash('sha256')
    .update(JSON.stringify([input.fileSha256, input.expectation, input.filename]))
    .digest('hex')
}

export type ClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'replayed'; checkId: string }
  | { outcome: 'conflict'; checkId: string }

/** How long a retirement may take before another caller finishes it (the retirer is presumed dead). */
const retirerGraceMs = 30_000

/** The API promises 24 hours (schemas/openapi.yaml, `Idempotency-Key`). */
export const defaultIdempotencyRetentionMs = 24 * 60 * 60 * 1000

/**
 * How far back a purge looks the first time (then it goes on from where it stopped): minute buckets of
 * records, hour buckets of retirement markers. Older ones (a sweeper stopped longer) stay: expired, so
 * absent to claims, only space.
 */
const recordsLookbackMs = 6 * hourMs
const markersLookbackMs = 3 * 24 * hourMs

/**
 * Idempotency keys, scoped per tenant, kept `retentionMs`. FerretDB v1 has no TTL indexes, so retention is
 * enforced here: an expired record counts as absent (a reused key claims afresh) and `purgeExpired` (the
 * aggregator's sweeper) deletes them in batches.
 *
 * FerretDB v1 has unique indexes but no transactions, and applies a filtered delete as a read followed by a
 * delete by `_id`: two "delete this exact record" calls racing with a new claim could remove the successor.
 * So an expired record is retired only by the winner of a unique insert of a marker naming that record
 * (`<tenant>:<key>:<check id>`); everyone else waits for it to go, and the key itself is always claimed by
 * a unique insert, so of any number of concurrent claimers exactly one wins.
 */
export function createIdempotencyRepository(db: Db, options: { retentionMs?: number } = {}) {
  const records: Collection<IdempotencyDocument> = db.collection<IdempotencyDocument>('idempotency')
  const retirements: Collection<RetirementDocument> = db.collection('idempotency_retirements')
  const retentionMs = options.retentionMs ?? defaultIdempotencyRetentionMs
  const expiredBefore = (now: Date) => new Date(now.getTime() - retentionMs)
  const floor = (at: Date, unit: number) => Math.floor(at.getTime() / unit) * unit
  // The first bucket each purge still has to look at; this process's own memory (every replica makes one
  // full lookback pass after it starts, then about one equality query per minute of elapsed time).
  let recordsFrom: number | undefined
  let markersFrom: number | undefined

  /** Deletes an expired record if this caller wins the right to; false when another caller retires it. */
  async function retire(record: IdempotencyDocument, now: Date): Promise<boolean> {
    try {
      await retirements.insertOne({ _id: `${record._id}:${record.check_id}`, at: now, hour: hourBucket(now) })
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      // A retirer that died between marker and delete would block the key forever: after a grace period
      // the record is deleted anyway (only this crash path can race).
      const marker = await retirements.findOne({ _id: `${record._id}:${record.check_id}` })
      if (!marker || marker.at.getTime() > now.getTime() - retirerGraceMs) return false
    }
    // Only the marker's winner deletes, and nobody else deletes a record, so `_id` still names this one.
    await records.deleteOne({ _id: record._id })
    return true
  }

  const repository = {
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.idempotency) await records.createIndex(index)
      for (const index of storeIndexes.idempotency_retirements) await retirements.createIndex(index)
    },

    /**
     * Claims `key` for `checkId`. A key already held with the same fingerprint answers `replayed` (return
     * the earlier check); with another fingerprint, `conflict`.
     */
    async claim(input: {
      tenantId: string
      key: string
      fingerprint: string
      checkId: string
      now?: Date
    }): Promise<ClaimResult> {
      const _id = `${input.tenantId}:${input.key}`
      const now = input.now ?? new Date()
      for (let attempt = 0; attempt < 100; attempt++) {
        try {
          await records.insertOne({
            _id,
            tenant_id: input.tenantId,
            key: input.key,
            fingerprint: input.fingerprint,
            check_id: input.checkId,
            created_at: now,
            created_minute: minuteBucket(now),
          })
          return { outcome: 'claimed' }
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error
        }
        const existing = await records.findOne({ _id })
        // Gone between our insert and our read (released or retired): claim again.
        if (!existing) continue
        if (existing.created_at <= expiredBefore(now)) {
          // Past retention the key is free: retire the old record (or let its retirer finish), then claim.
          if (!(await retire(existing, now))) await new Promise((r) => setTimeout(r, 5 + attempt))
          continue
        }
        return existing.fingerprint === input.fingerprint
          ? { outcome: 'replayed', checkId: existing.check_id }
          : { outcome: 'conflict', checkId: existing.check_id }
      }
      throw new Error(`idempotency key ${input.key}: too much contention`)
    },

    /**
     * Deletes records past retention, at most `batchSize` per round, until none is left; returns how many.
     * Asks minute bucket by minute bucket (an indexed equality), only buckets wholly past retention, never
     * a range: FerretDB v1 pushes no range down, so `created_at <= cutoff` would read every record. A key
     * is therefore purged up to a minute after it expires (claims treat it as absent from the first
     * millisecond).
     * @example await idempotency.purgeExpired(new Date(), 500)
     */
    async purgeExpired(now: Date, batchSize = 500): Promise<number> {
      // Buckets strictly before the one holding the cutoff are wholly expired.
      const end = floor(expiredBefore(now), minuteMs)
      let purged = 0
      let resumeAt: number | undefined
      for (let minute = recordsFrom ?? end - recordsLookbackMs; minute < end; minute += minuteMs) {
        for (;;) {
          const query = idempotencyQueries.createdIn(minuteBucket(new Date(minute)), batchSize)
          const batch = await findWith(records, query).toArray()
          let retired = 0
          for (const record of batch) if (await retire(record, now)) retired++
          purged += retired
          if (batch.length < batchSize) break
          // Others are retiring these very records: no progress here, come back to this minute next time.
          if (retired === 0) {
            resumeAt ??= minute
            break
          }
        }
      }
      recordsFrom = resumeAt ?? Math.max(recordsFrom ?? end, end)
      // A marker only matters while a claimer may still hold the retired record it names: markers of hours
      // wholly before twice the retention go.
      const markersBefore = floor(expiredBefore(expiredBefore(now)), hourMs)
      for (let hour = markersFrom ?? markersBefore - markersLookbackMs; hour < markersBefore; hour += hourMs)
        await retirements.deleteMany(
          idempotencyQueries.retirementsIn(hourBucket(new Date(hour))).filter as Filter<RetirementDocument>,
        )
      markersFrom = Math.max(markersFrom ?? markersBefore, markersBefore)
      return purged
    },

    /** Gives a key back when the request that claimed it failed before creating its check. */
    async release(tenantId: string, key: string, checkId: string): Promise<void> {
      await records.deleteOne({ _id: `${tenantId}:${key}`, check_id: checkId })
    },

    /**
     * Erasure of a tenant (admin only, rare): its keys and their retirement markers, whose `_id` starts with
     * the tenant. Neither filter is indexed (the keys live 24 h; an index would cost every submission).
     */
    async eraseTenant(tenantId: string): Promise<void> {
      await records.deleteMany({ tenant_id: tenantId })
      const prefix = tenantId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      await retirements.deleteMany({ _id: { $regex: `^${prefix}:` } })
    },
  }
  return repository
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>
