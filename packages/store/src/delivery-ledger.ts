/**
 * The deliveries of Kafka messages still in flight, shared by a stage's replicas (`@rv/kafka`
 * DeliveryLedger): one document per message (`_id` = group/topic/partition/offset) with a count, added to
 * before each delivery is handled and deleted once the message is handled or dead-lettered — so the
 * collection holds only messages in flight (and the few a process died between handling and forgetting:
 * their offsets are committed, so they are never counted again; they expire `ttlMs` after their first
 * delivery, deleted by the retention job: expiring-documents.ts).
 * One message is handled by one group member at a time, so the `$inc`s on a document do not race (FerretDB
 * v1 loses concurrent `$inc`s on one document: model-budget-repository.ts).
 */
import type { Db } from 'mongodb'
import { type ExpiryFields, ensureExpiryIndexes, expiryFields } from './expiring-documents'
import { deliveryQueries } from './store-queries'

interface DeliveryDocument extends ExpiryFields {
  _id: string
  count: number
  first_at: Date
}

/** Far longer than a message is ever redelivered (a few session timeouts), short enough not to pile up. */
export const deliveryTtlMs = 24 * 60 * 60 * 1000

export function createDeliveryLedger(db: Db, options: { now?: () => Date; ttlMs?: number } = {}) {
  const deliveries = db.collection<DeliveryDocument>(deliveryQueries.collection)
  const now = options.now ?? (() => new Date())
  const ttlMs = options.ttlMs ?? deliveryTtlMs
  return {
    async ensureIndexes(): Promise<void> {
      await ensureExpiryIndexes(db.collection(deliveryQueries.collection), 'deliveries')
    },
    /** Records one more delivery of message `id`; answers the deliveries so far, this one included. */
    async begin(id: string): Promise<number> {
      const at = now()
      const doc = await deliveries.findOneAndUpdate(
        deliveryQueries.byMessage(id).filter as { _id: string },
        {
          $inc: { count: 1 },
          $setOnInsert: { first_at: at, ...expiryFields(new Date(at.getTime() + ttlMs)) },
        },
        { upsert: true, returnDocument: 'after' },
      )
      return doc?.count ?? 1
    },
    /** Message `id` is done with. */
    async end(id: string): Promise<void> {
      await deliveries.deleteOne(deliveryQueries.byMessage(id).filter as { _id: string })
    },
  }
}

export type DeliveryLedgerRepository = ReturnType<typeof createDeliveryLedger>
