import { isDuplicateKeyError } from '../duplicate-key'
import { hourBucket } from '../store-queries'
import type { IdempotencyContext, IdempotencyDocument } from './idempotency-collections'

/** How long a retirement may take before another caller finishes it (the retirer is presumed dead). */
const retirerGraceMs = 30_000

/** Deletes an expired record if this caller wins the right to; false when another caller retires it. */
export async function retireRecord(
  { records, retirements }: IdempotencyContext,
  record: IdempotencyDocument,
  now: Date,
): Promise<boolean> {
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
