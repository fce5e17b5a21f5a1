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

/** Idempotency keys, scoped per tenant. */
export function createIdempotencyRepository(db: Db) {
  const records: Collection<IdempotencyDocument> = db.collection<IdempotencyDocument>('idempotency')

  const repository = {
    async ensureIndexes(): Promise<void> {
      await records.createIndex({ tenant_id: 1, created_at: -1 })
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
      try {
        await records.insertOne({
          _id,
          tenant_id: input.tenantId,
          key: input.key,
          fingerprint: input.fingerprint,
          check_id: input.checkId,
          created_at: input.now ?? new Date(),
        })
        return { outcome: 'claimed' }
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
      }
      const existing = await records.findOne({ _id })
      // The holder released the key between our insert and our read: try again.
      if (!existing) return repository.claim(input)
      return existing.fingerprint === input.fingerprint
        ? { outcome: 'replayed', checkId: existing.check_id }
        : { outcome: 'conflict', checkId: existing.check_id }
    },

    /** Gives a key back when the request that claimed it failed before creating its check. */
    async release(tenantId: string, key: string, checkId: string): Promise<void> {
      await records.deleteOne({ _id: `${tenantId}:${key}`, check_id: checkId })
    },
  }
  return repository
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>
