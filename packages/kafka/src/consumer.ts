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
import { type Consumer, type Kafka, PartitionAssigners, type Producer } from 'kafkajs'
import type { BusLogger } from './bus-logger'
import { coPartitionedAssigner, createOwnershipTracker, fetchPartitionCounts } from './co-partitioning'
import { eachBatchHandler } from './consumer-batch'
import type { ConsumerContext } from './consumer-message'
import { watchConsumerLag } from './consumer-metrics'
import type { ConsumeOptions, ConsumerHandle } from './consumer-types'
import { createDeliveryGuard } from './delivery-guard'
import { defaultMaxDeliveries } from './delivery-ledger'
import { startHeldCommits } from './held-commits'
import { createOffsetHolds, type OffsetHolds } from './offset-holds'
import { resolveRetryPolicy } from './retry-policy'
import { type EventTopic, physicalTopic } from './topics'

export interface ConsumerDeps {
  kafka: Kafka
  registry: SchemaRegistry
  producer: () => Promise<Producer>
  prefix: string
  logger: BusLogger
  /** Physical topic -> id of this build's schema (from registration): such messages are validated once. */
  schemaIds?: ReadonlyMap<string, number>
}

/** The kafkajs consumer of `options`: co-partitioned when asked (co-partitioning.ts). */
function kafkaConsumer<T extends EventTopic>(
  kafka: Kafka,
  options: ConsumeOptions<T>,
  heartbeatIntervalMs: number,
) {
  return kafka.consumer({
    groupId: options.groupId,
    sessionTimeout: options.sessionTimeoutMs ?? 30_000,
    heartbeatInterval: heartbeatIntervalMs,
    allowAutoTopicCreation: false,
    maxWaitTimeInMs: options.maxWaitTimeMs ?? 1000,
    minBytes: options.minBytes ?? 1,
    // Co-partitioned when asked, kafkajs's round robin otherwise — and as the fallback a group agrees on
    // while some members do not offer co-partitioning.
    ...(options.coPartitioned
      ? { partitionAssigners: [coPartitionedAssigner, PartitionAssigners.roundRobin] }
      : {}),
  })
}

export async function startConsumer<T extends EventTopic>(
  deps: ConsumerDeps,
  options: ConsumeOptions<T>,
): Promise<ConsumerHandle> {
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 3000
  const consumer = kafkaConsumer(deps.kafka, options, heartbeatIntervalMs)
  const physicalTopics = options.topics.map((t) => physicalTopic(deps.prefix, t))
  const ownership = options.coPartitioned
    ? createOwnershipTracker(physicalTopics, (topics) =>
        fetchPartitionCounts(() => deps.kafka.admin(), topics),
      )
    : undefined
  if (options.holdOffsets && options.handleBatch)
    throw new Error('holdOffsets needs per-message handling: not with handleBatch')
  const holds = options.holdOffsets ? createOffsetHolds() : undefined
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
    ...(holds ? { holds } : {}),
  }

  const membership = watchMembership(consumer, { stopping: stopping.signal, ownership, guard, holds })
  watchConsumerLag(consumer, options.groupId, deps.prefix)
  await consumer.connect()
  await consumer.subscribe({
    topics: physicalTopics,
    fromBeginning: options.fromBeginning ?? true,
  })
  await consumer.run({
    // With holds the commits are held-commits.ts's, never past a held offset.
    autoCommit: !holds,
    autoCommitInterval: options.commitIntervalMs ?? 1000,
    autoCommitThreshold: options.commitThreshold ?? 100,
    // An offset is resolved only once its message is done with (consumer-batch.ts), never the batch's end.
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    eachBatch: eachBatchHandler(ctx),
  })
  const commits = holds
    ? startHeldCommits(consumer, holds, options.commitIntervalMs ?? 1000, deps.logger)
    : undefined
  return {
    stop: async () => {
      stopping.abort()
      membership.left()
      commits?.stop()
      await commits?.commit()
      await consumer.disconnect()
    },
    isRunning: membership.isMember,
    ownership: () => ownership?.ownership(),
  }
}

/**
 * Follows the group membership: kafkajs emits GROUP_JOIN on every (re)join, STOP when stopped and CRASH
 * when the run loop dies (then restarts it only for retriable errors); a crash inside connect/join is not
 * thrown from run(), hence events. A join also resets what depended on the partitions held before.
 */
function watchMembership(
  consumer: Consumer,
  on: {
    stopping: AbortSignal
    ownership: ReturnType<typeof createOwnershipTracker> | undefined
    guard: ReturnType<typeof createDeliveryGuard>
    holds: OffsetHolds | undefined
  },
) {
  let member = false
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    member = !on.stopping.aborted
    void on.ownership?.joined(payload.groupProtocol, payload.memberAssignment)
    // Partitions may have been in other hands since: their reservations are read again.
    on.guard.forgetPartitions()
    // Their next fetch starts at the last commit: holds of the generation before mean nothing now.
    on.holds?.reset()
  })
  consumer.on(consumer.events.STOP, () => {
    member = false
  })
  consumer.on(consumer.events.CRASH, () => {
    member = false
  })
  return {
    isMember: () => member,
    left: () => {
      member = false
    },
  }
}
