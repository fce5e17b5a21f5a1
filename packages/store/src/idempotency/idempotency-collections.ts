import type { Collection, Db } from 'mongodb'

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

export interface RetirementDocument {
  /** `<tenant>:<key>:<check id>` of the record it retires. */
  _id: string
  at: Date
  /** `at`'s hour, for deleting old markers by equality. */
  hour: string
}

export type ClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'replayed'; checkId: string }
  | { outcome: 'conflict'; checkId: string }

/** The API promises 24 hours (schemas/openapi.yaml, `Idempotency-Key`). */
export const defaultIdempotencyRetentionMs = 24 * 60 * 60 * 1000

/** The records, their retirement markers, and the retention both concerns judge expiry by. */
export interface IdempotencyContext {
  records: Collection<IdempotencyDocument>
  retirements: Collection<RetirementDocument>
  /** The cutoff: a record created at or before it is expired. */
  expiredBefore: (now: Date) => Date
}

export function openIdempotency(db: Db, retentionMs = defaultIdempotencyRetentionMs): IdempotencyContext {
  return {
    records: db.collection<IdempotencyDocument>('idempotency'),
    retirements: db.collection('idempotency_retirements'),
    expiredBefore: (now) => new Date(now.getTime() - retentionMs),
  }
}
