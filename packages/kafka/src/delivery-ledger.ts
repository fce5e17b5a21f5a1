/**
 * Deliveries of a message counted across processes. The in-process attempt counter restarts at 1 on every
 * member, so a message whose handling kills the consumer (or blocks it past the session timeout: evicted)
 * would travel from replica to replica forever. A ledger shared by the members (the store in production:
 * `@rv/store` delivery-ledger.ts) counts each delivery before the handler runs; the member that receives a
 * message for the (maxDeliveries + 1)th time dead-letters it unhandled (`stage_redelivery_limit`,
 * permanent). A message is forgotten once handled or dead-lettered, so the ledger holds only messages in
 * flight (and those a member died holding, which the store expires: `@rv/store` expiring-documents.ts).
 */
import type { BusLogger } from './bus-logger'
import { KafkaStageError } from './errors'

export interface DeliveryLedger {
  /** Records one more delivery of message `id` and answers how many there have been, in any process. */
  begin(id: string): Promise<number>
  /** Message `id` is done with (handled or dead-lettered). */
  end(id: string): Promise<void>
}

/** Deliveries after which a message is dead-lettered unhandled, by default. */
export const defaultMaxDeliveries = 5

/** The message's identity in the ledger: one consumer group's view of one offset. */
export function deliveryId(groupId: string, topic: string, partition: number, offset: string): string {
  return `${groupId}/${topic}/${partition}/${offset}`
}

/** The count, or undefined when there is no ledger or it cannot be reached (then handling goes on). */
export async function countDelivery(
  ledger: DeliveryLedger | undefined,
  id: string,
  log: BusLogger,
): Promise<number | undefined> {
  if (!ledger) return undefined
  try {
    return await ledger.begin(id)
  } catch (err) {
    log.warn('delivery not counted: the ledger is unavailable', { delivery: id, err })
    return undefined
  }
}

export async function forgetDelivery(
  ledger: DeliveryLedger | undefined,
  id: string,
  log: BusLogger,
): Promise<void> {
  await ledger?.end(id).catch((err: unknown) => log.warn('delivery not forgotten', { delivery: id, err }))
}

export function redeliveryLimitError(deliveries: number, maxDeliveries: number): KafkaStageError {
  return new KafkaStageError(
    'stage_redelivery_limit',
    `the message was delivered ${deliveries} times (limit ${maxDeliveries}) without being finished: a consumer stopped while handling it each time`,
    { retryable: false },
  )
}
