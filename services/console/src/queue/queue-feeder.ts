import type { CheckRecord } from '@rv/schemas'
import type { ReviewQueueRepository } from '@rv/store'
import { toQueueEntry } from './queue-entry'

/**
 * Whether the tenant's check was erased, or the tenant itself (docs/data-retention.md). The look `before`
 * the insert may take the tenant's existence from a short memory; the look `after` it is the guard.
 */
export type IsErased = (tenantId: string, checkId: string, look: 'before' | 'after') => Promise<boolean>

/**
 * The console's consumer of check.completed.v1 (its own group): every finished check a person must look
 * at enters its tenant's queue once; a redelivery changes nothing. A check erased before its event arrives
 * never enters; one erased between the look and the insert has its entry taken back.
 */
export function createQueueFeeder(
  queue: Pick<ReviewQueueRepository, 'enqueue' | 'eraseCheck'>,
  isErased: IsErased,
) {
  return async (record: CheckRecord): Promise<void> => {
    const entry = toQueueEntry(record)
    if (!entry || (await isErased(record.tenant_id, record.id, 'before'))) return
    await queue.enqueue(entry)
    if (await isErased(record.tenant_id, record.id, 'after')) await queue.eraseCheck(record.id)
  }
}
