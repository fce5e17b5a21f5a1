/**
 * Deliveries of a message counted across processes. The in-process attempt counter restarts at 1 on every
 * member, so a message whose handling kills the consumer (or blocks it past the session timeout: evicted)
 * would travel from replica to replica forever. A ledger shared by the members (the store in production:
 * `@rv/store` delivery-ledger.ts) sees to it that the member receiving such a message for the
 * (maxDeliveries + 1)th time dead-letters it unhandled (`stage_redelivery_limit`, permanent).
 *
 * Without touching the store per message (delivery-guard.ts): a member writes, per partition, a
 * reservation of the offsets it is about to handle (`reserve`, one write per `window` offsets) before
 * handling them. A message that kills its consumer lies below the reservation the dead member wrote, and
 * is delivered again from the committed offset, which is also below it. So the next member of the
 * partition, reading the reservation when it first sees the partition, counts each message below it in
 * the ledger (`begin`/`end`, one document per message, as before) — only those: a few messages after a
 * restart or rebalance, none in steady state. The delivery that first hit the message was not counted
 * (the reservation was past it then), so a counted message has been delivered `begin()`'s answer + 1
 * times at most; that is the number the limit is checked against.
 */
import type { BusLogger } from './bus-logger'
import { KafkaStageError } from './errors'

export interface DeliveryLedger {
  /**
   * Raises the reservation of a partition (`partitionId`, deliveryPartitionId) to at least `until` (offsets
   * below it may be in some member's hands) and answers the reservation before this call, if any.
   */
  reserve(partitionId: string, until: number): Promise<number | undefined>
  /** Records one more delivery of message `id` and answers how many have been recorded, in any process. */
  begin(id: string): Promise<number>
  /** Message `id` is done with (handled or dead-lettered). */
  end(id: string): Promise<void>
}

/** Deliveries after which a message is dead-lettered unhandled, by default. */
export const defaultMaxDeliveries = 5

/** The partition's identity in the ledger: one consumer group's view of one topic-partition. */
export function deliveryPartitionId(groupId: string, topic: string, partition: number): string {
  return `${groupId}/${topic}/${partition}`
}

/** The message's identity in the ledger: one consumer group's view of one offset. */
export function deliveryId(groupId: string, topic: string, partition: number, offset: string): string {
  return `${deliveryPartitionId(groupId, topic, partition)}/${offset}`
}

/** The count, or undefined when the ledger cannot be reached (then handling goes on). */
export async function countDelivery(
  ledger: DeliveryLedger,
  id: string,
  log: BusLogger,
): Promise<number | undefined> {
  try {
    return await ledger.begin(id)
  } catch (err) {
    log.warn('delivery not counted: the ledger is unavailable', { delivery: id, err })
    return undefined
  }
}

export async function forgetDelivery(ledger: DeliveryLedger, id: string, log: BusLogger): Promise<void> {
  await ledger.end(id).catch((err: unknown) => log.warn('delivery not forgotten', { delivery: id, err }))
}

export function redeliveryLimitError(deliveries: number, maxDeliveries: number): KafkaStageError {
  return new KafkaStageError(
    'stage_redelivery_limit',
    `the message was delivered ${deliveries} times (limit ${maxDeliveries}) without being finished: a consumer stopped while handling it each time`,
    { retryable: false },
  )
}
