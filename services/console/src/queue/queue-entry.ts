import { bankOf } from '@rv/core/authenticity'
import type { CheckRecord } from '@rv/schemas'
import type { QueueEntryInput, ReviewQueue } from '@rv/store'

/** The queue a finished check waits in, or undefined when nobody needs to look at it (accepted). */
export function queueOf(record: CheckRecord): ReviewQueue | undefined {
  if (record.status === 'failed') return 'failed'
  if (record.recommendation === 'review') return 'review'
  if (record.recommendation === 'reject') return 'reject'
  return undefined
}

/**
 * A finished check as a queue entry (what the queue shows and filters on), or undefined for an accepted one.
 *
 * @example
 * const entry = toQueueEntry(record)
 */
export function toQueueEntry(record: CheckRecord): QueueEntryInput | undefined {
  const queue = queueOf(record)
  if (!queue) return undefined
  const family = record.document.family
  return {
    _id: record.id,
    tenant_id: record.tenant_id,
    queue,
    // Age counts from the submission (the SLA a payer feels), so the order does not depend on which
    // partition's completion the console read first.
    completed_at: new Date(record.created_at),
    verdict: record.document.verdict,
    family,
    bank: family && family !== 'unknown' ? bankOf(family) : (record.fields.bank ?? null),
    amount: record.fields.amount,
    reasons: record.reasons,
  }
}
