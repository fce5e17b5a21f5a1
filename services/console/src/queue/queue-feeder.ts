import type { CheckRecord } from '@rv/schemas'
import type { ReviewQueueRepository } from '@rv/store'
import { toQueueEntry } from './queue-entry'

/**
 * The console's consumer of check.completed.v1 (its own group): every finished check a person must look
 * at enters its tenant's queue once; a redelivery changes nothing.
 */
export function createQueueFeeder(queue: Pick<ReviewQueueRepository, 'enqueue'>) {
  return async (record: CheckRecord): Promise<void> => {
    const entry = toQueueEntry(record)
    if (entry) await queue.enqueue(entry)
  }
}
