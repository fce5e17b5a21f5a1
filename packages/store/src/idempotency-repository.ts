import { createHash } from 'node:crypto'
import type { Db } from 'mongodb'
import { type ClaimInput, claimKey } from './idempotency/claim-key'
import { openIdempotency } from './idempotency/idempotency-collections'
import { createIdempotencyPurge } from './idempotency/purge-expired'
import { storeIndexes } from './store-queries'

export {
  type ClaimResult,
  defaultIdempotencyRetentionMs,
  type IdempotencyDocument,
} from './idempotency/idempotency-collections'

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
 *
 * The claim: `idempotency/claim-key.ts`; the purge: `idempotency/purge-expired.ts`.
 */
export function createIdempotencyRepository(db: Db, options: { retentionMs?: number } = {}) {
  const ctx = openIdempotency(db, options.retentionMs)
  const { records, retirements } = ctx
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.idempotency) await records.createIndex(index)
      for (const index of storeIndexes.idempotency_retirements) await retirements.createIndex(index)
    },

    claim: (input: ClaimInput) => claimKey(ctx, input),

    ...createIdempotencyPurge(ctx),

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
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>
