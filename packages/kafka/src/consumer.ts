/**
 * Consuming: decode + validate (once for messages written with this build's schema), call the handler, retry retryable failures with backoff, dead-letter the
 * rest and tell the service (`onPermanentFailure`), and only then mark the offset done. Done offsets are
 * committed in the background (every `commitIntervalMs` or `commitThreshold` messages, and on stop or
 * rebalance), not one broker round trip per message. A crash anywhere before the commit means the
 * messages since the last commit are delivered again, so handlers must be idempotent (keyed by check id).
 * Messages arrive a fetched batch at a time (kafkajs `eachBatch`, consumer-batch.ts), handled in offset
 * order per partition, one at a time (consumer-message.ts) or, with `handleBatch`, a batch per call.
 */
import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry'
import type { Kafka, Producer } from 'kafkajs'
import type { BusLogger } from './bus-logger'
import { eachBatchHandler } from './consumer-batch'
import type { ConsumerContext } from './consumer-message'
import { watchConsumerLag } from './consumer-metrics'
import { createDeliveryGuard } from './delivery-guard'
import { type DeliveryLedger, defaultMaxDeliveries } from './delivery-ledger'
import type { KafkaStageError } from './errors'
import { type RetryPolicy, resolveRetryPolicy } from './retry-policy'
import { type EventTopic, type EventValueByTopic, physicalTopic } from './topics'

export interface ConsumedEvent<T extends EventTopic> {
  topic: T
  /** The check id. */
  key: string
  value: EventValueByTopic[T]
  headers: Readonly<Record<string, string>>
  partition: number
  offset: string
  /** 1 on first delivery to the handler, then 2, 3, ... on retries. */
  attempt: number
}

/** A message of any of the subscribed topics, discriminated by `topic`. */
export type ConsumedMessage<T extends EventTopic> = { [K in T]: ConsumedEvent<K> }[T]

/** What `onPermanentFailure` receives: `value` is undefined when the message could not be decoded. */
export interface FailedMessage<T extends EventTopic = EventTopic> {
  topic: T
  key: string
  value: EventValueByTopic[T] | undefined
  headers: Readonly<Record<string, string>>
  partition: number
  offset: string
  attempts: number
}

export interface ConsumeOptions<T extends EventTopic> {
  groupId: string
  topics: readonly T[]
  handle: (message: ConsumedMessage<T>) => Promise<void>
  /**
   * Optional: the decoded messages of one fetched batch (one topic-partition, offset order) in one call,
   * so a feeder can write them in one store command. Retried as a whole; if it fails for good, each message
   * goes through `handle` alone (so `handle` must do the same per message). Must be idempotent, like `handle`.
   */
  handleBatch?: (messages: ConsumedMessage<T>[]) => Promise<void>
  /** Called after a message was dead-lettered; a service publishes its stage result with `error` here. */
  onPermanentFailure?: (message: FailedMessage<T>, error: KafkaStageError) => Promise<void>
  retry?: Partial<RetryPolicy>
  /** Counts deliveries across processes (delivery-ledger.ts); absent: only in-process attempts count. */
  deliveries?: DeliveryLedger
  /** Offsets reserved in the ledger per write (delivery-guard.ts; default 50). */
  reservationWindow?: number
  /** Deliveries, in any process, after which a message is dead-lettered unhandled (default 5). */
  maxDeliveries?: number
  /** Name written to `x-failed-stage`; the group id by default. */
  stage?: string
  /** Where a new group starts; true (earliest) by default so nothing published before start is missed. */
  fromBeginning?: boolean
  sessionTimeoutMs?: number
  heartbeatIntervalMs?: number
  partitionsConsumedConcurrently?: number
  /**
   * Longest a fetch waits for new records (default 1 s). It also bounds how long `stop()` waits for the
   * fetch in flight, so it trades idle fetch traffic for shutdown latency.
   */
  maxWaitTimeMs?: number
  /**
   * Longest a handled message's offset waits for its commit (default 1 s); a crash redelivers at most
   * this much work (or `commitThreshold` messages per partition, default 100).
   */
  commitIntervalMs?: number
  commitThreshold?: number
}

export interface ConsumerHandle {
  stop(): Promise<void>
  /**
   * True while the consumer is a member of its group: from its first group join until it crashes or is
   * stopped (true again when kafkajs restarts it after a retriable crash and it rejoins). Feeds readiness.
   */
  isRunning(): boolean
}

export interface ConsumerDeps {
  kafka: Kafka
  registry: SchemaRegistry
  producer: () => Promise<Producer>
  prefix: string
  logger: BusLogger
  /** Physical topic -> id of this build's schema (from registration): such messages are validated once. */
  schemaIds?: ReadonlyMap<string, number>
}

export async function startConsumer<T extends EventTopic>(
  deps: ConsumerDeps,
  options: ConsumeOptions<T>,
): Promise<ConsumerHandle> {
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 3000
  const consumer = deps.kafka.consumer({
    groupId: options.groupId,
    sessionTimeout: options.sessionTimeoutMs ?? 30_000,
    heartbeatInterval: heartbeatIntervalMs,
    allowAutoTopicCreation: false,
    maxWaitTimeInMs: options.maxWaitTimeMs ?? 1000,
  })
  const stopping = new AbortController()
  const guard = createDeliveryGuard({
    ledger: options.deliveries,
    groupId: options.groupId,
    log: deps.logger,
    ...(options.reservationWindow === undefined ? {} : { window: options.reservationWindow }),
  })
  const ctx: ConsumerContext<T> = {
    registry: deps.registry,
    producer: deps.producer,
    prefix: deps.prefix,
    log: deps.logger,
    schemaIds: deps.schemaIds,
    options,
    stage: options.stage ?? options.groupId,
    policy: resolveRetryPolicy(options.retry),
    maxDeliveries: options.maxDeliveries ?? defaultMaxDeliveries,
    heartbeatIntervalMs,
    stopping: stopping.signal,
    guard,
  }

  // kafkajs emits GROUP_JOIN on every (re)join, STOP when stopped and CRASH when the run loop dies (then
  // restarts it only for retriable errors); a crash inside connect/join is not thrown from run(), hence events.
  let running = false
  consumer.on(consumer.events.GROUP_JOIN, () => {
    running = !stopping.signal.aborted
    // Partitions may have been in other hands since: their reservations are read again.
    guard.forgetPartitions()
  })
  consumer.on(consumer.events.STOP, () => {
    running = false
  })
  consumer.on(consumer.events.CRASH, () => {
    running = false
  })

  watchConsumerLag(consumer, options.groupId, deps.prefix)
  await consumer.connect()
  await consumer.subscribe({
    topics: options.topics.map((t) => physicalTopic(deps.prefix, t)),
    fromBeginning: options.fromBeginning ?? true,
  })
  await consumer.run({
    autoCommit: true,
    autoCommitInterval: options.commitIntervalMs ?? 1000,
    autoCommitThreshold: options.commitThreshold ?? 100,
    // An offset is resolved only once its message is done with (consumer-batch.ts), never the batch's end.
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    eachBatch: eachBatchHandler(ctx),
  })
  return {
    stop: async () => {
      stopping.abort()
      running = false
      await consumer.disconnect()
    },
    isRunning: () => running,
  }
}
