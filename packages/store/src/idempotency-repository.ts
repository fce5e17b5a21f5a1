import { createHash } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'

export interface IdempotencyDocument {
  /** `<tenant>:<key>`: the unique id makes claiming a key atomic. */
  _id: string
  tenant_id: string
  key: string
  fingerprint: string
  check_id: string
  created_at: Date
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

/** The API promises 24 hours (schemas/openapi.yaml, `Idempotency-Key`). */
export const defaultIdempotencyRetentionMs = 24 * 60 * 60 * 1000

/**
 * Idempotency keys, scoped per tenant, kept `retentionMs`. FerretDB v1 has no TTL indexes, so retention is
 * enforced here: an expired record counts as absent (a reused key claims afresh) and `purgeExpired` (the
 * aggregator's sweeper) deletes them in batches. Every step is a unique insert or a delete conditioned on
 * the exact record read, which is atomic per document without transactions.
 */
export function createIdempotencyRepository(db: Db, options: { retentionMs?: number } = {}) {
  const records: Collection<IdempotencyDocument> = db.collection<IdempotencyDocument>('idempotency')
  const retentionMs = options.retentionMs ?? defaultIdempotencyRetentionMs
  const expiredBefore = (now: Date) => new Date(now.getTime() - retentionMs)

  const repository = {
    async ensureIndexes(): Promise<void> {
      await records.createIndex({ tenant_id: 1, created_at: -1 })
      await records.createIndex({ created_at: 1 })
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
      try {
        await records.insertOne({
          _id,
          tenant_id: input.tenantId,
          key: input.key,
          fingerprint: input.fingerprint,
          check_id: input.checkId,
          created_at: now,
        })
        return { outcome: 'claimed' }
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
      }
      const existing = await records.findOne({ _id })
      // The holder released the key between our insert and our read: try again.
      if (!existing) return repository.claim({ ...input, now })
      if (existing.created_at <= expiredBefore(now)) {
        // Past retention the key is free. Delete exactly the record we read (check ids are unique), then
        // claim by unique insert: of concurrent reusers one wins, the others replay or conflict with it.
        await records.deleteOne({ _id, check_id: existing.check_id, created_at: existing.created_at })
        return repository.claim({ ...input, now })
      }
      return existing.fingerprint === input.fingerprint
        ? { outcome: 'replayed', checkId: existing.check_id }
        : { outcome: 'conflict', checkId: existing.check_id }
    },

    /**
     * Deletes records past retention, at most `batchSize` per round, until none is left; returns how many.
     * @example await idempotency.purgeExpired(new Date(), 500)
     */
    async purgeExpired(now: Date, batchSize = 500): Promise<number> {
      const cutoff = expiredBefore(now)
      let purged = 0
      for (;;) {
        const batch = await records
          .find({ created_at: { $lte: cutoff } }, { projection: { _id: 1 } })
          .limit(batchSize)
          .toArray()
        if (batch.length === 0) return purged
        const result = await records.deleteMany({
          _id: { $in: batch.map((d) => d._id) },
          created_at: { $lte: cutoff },
        })
        purged += result.deletedCount
        if (batch.length < batchSize) return purged
      }
    },

    /** Gives a key back when the request that claimed it failed before creating its check. */
    async release(tenantId: string, key: string, checkId: string): Promise<void> {
      await records.deleteOne({ _id: `${tenantId}:${key}`, check_id: checkId })
    },
  }
  return repository
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>
