/**
 * The ledger of Kafka deliveries shared by a stage's replicas (`@rv/kafka` DeliveryLedger), two kinds of
 * document in one collection:
 * - a reservation per consumer group and topic-partition (`_id` = group/topic/partition, `until`): raised
 *   with `$max` once per window of offsets (50 by default) and read when a member first sees the partition
 *   — in steady state the only writes, far fewer than one per message;
 * - a count per suspect message (`_id` = group/topic/partition/offset): only messages below a reservation a
 *   member found on (re)assignment, i.e. those a dead or evicted member may have been handling, counted
 *   before each delivery and deleted once handled or dead-lettered (the few a process died between handling
 *   and forgetting have committed offsets and are never counted again).
 * Both expire `ttlMs` after their last write (a reservation in use is rewritten hourly), deleted by the
 * retention job: expiring-documents.ts.
 * One message is handled by one group member at a time, so the `$inc`s on a document do not race (FerretDB
 * v1 loses concurrent `$inc`s on one document: model-budget-repository.ts).
 */
import type { Db } from 'mongodb'
import { type ExpiryFields, ensureExpiryIndexes, expiryFields } from './expiring-documents'
import { deliveryQueries } from './store-queries'

interface DeliveryDocument extends ExpiryFields {
  _id: string
  /** A message's deliveries counted. */
  count?: number
  first_at?: Date
  /** A partition's reservation: offsets below it may be in some member's hands. */
  until?: number
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
    /** Raises partition `id`'s reservation to at least `until`; answers the reservation before, if any. */
    async reserve(id: string, until: number): Promise<number | undefined> {
      const before = await deliveries.findOneAndUpdate(
        deliveryQueries.byPartition(id).filter as { _id: string },
        { $max: { until }, $set: expiryFields(new Date(now().getTime() + ttlMs)) },
        { upsert: true, returnDocument: 'before' },
      )
      return before?.until
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
