/** The consumer's public shapes: what a handler receives, the options of `consume`, the handle it returns. */
import type { Ownership } from './co-partitioning'
import type { DeliveryLedger } from './delivery-ledger'
import type { KafkaStageError } from './errors'
import type { ReleaseOffset } from './offset-holds'
import type { RetryPolicy } from './retry-policy'
import type { EventTopic, EventValueByTopic } from './topics'

export interface ConsumedEvent<T extends EventTopic> {
  topic: T
  /** The check id. */
  key: string
  value: EventValueByTopic[T]
  headers: Readonly<Record<string, string>>
  partition: number
  offset: string
  /** The message's timestamp (epoch ms; the producer's clock, CreateTime). */
  timestamp: number
  /** 1 on first delivery to the handler, then 2, 3, ... on retries. */
  attempt: number
  /**
   * With `holdOffsets`: keeps this message's offset — and so its partition's commits — back until the
   * returned release is called (offset-holds.ts). For a handler that keeps the message's work in memory and
   * writes it later: a crash or rebalance before the release redelivers the message. Absent otherwise.
   */
  hold?: () => ReleaseOffset
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
   * Partition p of every subscribed topic to one member (co-partitioning.ts), so one key's messages of all
   * the topics reach one process; the handle's `ownership()` then says whether they do right now.
   */
  coPartitioned?: boolean
  /**
   * Longest a fetch waits for new records (default 1 s). It also bounds how long `stop()` waits for the
   * fetch in flight, so it trades idle fetch traffic for shutdown latency.
   */
  maxWaitTimeMs?: number
  /**
   * Bytes a fetch waits for (up to `maxWaitTimeMs`) before the broker answers (default 1: at once). A
   * consumer off the latency path (a feeder) sets it so that one fetch brings a second's messages rather than
   * one fetch each: fewer broker round trips, larger batches (docs/capacity.md).
   */
  minBytes?: number
  /**
   * Longest a handled message's offset waits for its commit (default 1 s); a crash redelivers at most
   * this much work (or `commitThreshold` messages per partition, default 100).
   */
  commitIntervalMs?: number
  commitThreshold?: number
  /**
   * Offers each message's `hold` (offset-holds.ts): commits are then this consumer's own, every
   * `commitIntervalMs`, never past a held offset (kafkajs's autoCommit off; `commitThreshold` unused).
   * Per-message handling only (not with `handleBatch`).
   */
  holdOffsets?: boolean
}

export interface ConsumerHandle {
  stop(): Promise<void>
  /**
   * True while the consumer is a member of its group: from its first group join until it crashes or is
   * stopped (true again when kafkajs restarts it after a retriable crash and it rejoins). Feeds readiness.
   */
  isRunning(): boolean
  /** What this member holds since its last join (co-partitioning.ts); undefined without `coPartitioned`. */
  ownership(): Ownership | undefined
}
