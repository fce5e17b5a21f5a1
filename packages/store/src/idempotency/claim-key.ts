import { isDuplicateKeyError } from '../duplicate-key'
import { minuteBucket } from '../store-queries'
import type { ClaimResult, IdempotencyContext } from './idempotency-collections'
import { retireRecord } from './retire-record'

export interface ClaimInput {
  tenantId: string
  key: string
  fingerprint: string
  checkId: string
  now?: Date
}

/**
 * Claims `key` for `checkId`. A key already held with the same fingerprint answers `replayed` (return
 * the earlier check); with another fingerprint, `conflict`.
 */
export async function claimKey(ctx: IdempotencyContext, input: ClaimInput): Promise<ClaimResult> {
  const { records } = ctx
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
    if (existing.created_at <= ctx.expiredBefore(now)) {
      // Past retention the key is free: retire the old record (or let its retirer finish), then claim.
      if (!(await retireRecord(ctx, existing, now))) await new Promise((r) => setTimeout(r, 5 + attempt))
      continue
    }
    return existing.fingerprint === input.fingerprint
      ? { outcome: 'replayed', checkId: existing.check_id }
      : { outcome: 'conflict', checkId: existing.check_id }
  }
  throw new Error(`idempotency key ${input.key}: too much contention`)
}
