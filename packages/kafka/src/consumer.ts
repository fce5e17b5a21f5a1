/**
 * Consuming: decode + validate (once for messages written with this build's schema), call the handler, retry retryable failures with backoff, dead-letter the
 * rest and tell the service (`onPermanentFailure`), and only then mark the offset done. Done offsets are
 * committed in the background (every `commitIntervalMs` or `commitThreshold` messages, and on stop or
 * rebalance), not one broker round trip per message. A crash anywhere before the commit means the
 * messages since the last commit are delivered again, so handlers must be idempotent (keyed by check id).
 */
import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry'
import { contextFromHeaders, SpanKind, secondsSince, withSpan } from '@rv/observability'
import type { EachMessagePayload, Kafka, Producer } from 'kafkajs'
import type { BusLogger } from './bus-logger'
import { recordFailedAttempt, recordMessage, watchConsumerLag } from './consumer-metrics'
import { buildDeadLetterHeaders } from './dead-letter'
import { decodeEvent } from './decode-event'
import {
  countDelivery,
  type DeliveryLedger,
  defaultMaxDeliveries,
  deliveryId,
  forgetDelivery,
  redeliveryLimitError,
} from './delivery-ledger'
import { type KafkaStageError, toStageError } from './errors'
import { readHeaders } from './message-headers'
import { sendOrThrow } from './publisher'
import { backoffDelayMs, type RetryPolicy, resolveRetryPolicy, shouldRetry } from './retry-policy'
import {
  deadLetterTopic,
  type EventTopic,
  type EventValueByTopic,
  logicalTopic,
  physicalTopic,
} from './topics'
import { ShutdownInProgressError, sleepWithHeartbeats } from './wait'

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
  /** Called after a message was dead-lettered; a service publishes its stage result with `error` here. */
  onPermanentFailure?: (message: FailedMessage<T>, error: KafkaStageError) => Promise<void>
  retry?: Partial<RetryPolicy>
  /** Counts deliveries across processes (delivery-ledger.ts); absent: only in-process attempts count. */
  deliveries?: DeliveryLedger
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
  const policy = resolveRetryPolicy(options.retry)
  const stage = options.stage ?? options.groupId
  const maxDeliveries = options.maxDeliveries ?? defaultMaxDeliveries
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 3000
  const consumer = deps.kafka.consumer({
    groupId: options.groupId,
    sessionTimeout: options.sessionTimeoutMs ?? 30_000,
    heartbeatInterval: heartbeatIntervalMs,
    allowAutoTopicCreation: false,
    maxWaitTimeInMs: options.maxWaitTimeMs ?? 1000,
  })
  const stopping = new AbortController()
  const log = deps.logger

  async function deadLetter(payload: EachMessagePayload, topic: T, attempts: number, error: KafkaStageError) {
    const { message, partition } = payload
    const headers = {
      ...message.headers,
      ...buildDeadLetterHeaders({ topic, partition, offset: message.offset, attempts, stage, error }),
    }
    const raw = Object.fromEntries(
      Object.entries(headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v[0]! : v]],
      ),
    ) as Record<string, Buffer | string>
    await sendOrThrow(await deps.producer(), physicalTopic(deps.prefix, deadLetterTopic), [
      { key: message.key, value: message.value, headers: raw },
    ])
  }

  // One span per message, child of the publisher's (W3C traceparent header); no-op while tracing is off.
  async function handleMessage(payload: EachMessagePayload): Promise<void> {
    const headers = readHeaders(payload.message.headers)
    const topic = logicalTopic(deps.prefix, payload.topic) as T
    const started = performance.now()
    const outcome = await withSpan(
      `${stage} process ${topic}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFromHeaders(headers),
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': payload.topic,
          'messaging.kafka.partition': payload.partition,
          'messaging.kafka.offset': payload.message.offset,
          'rv.check_id': payload.message.key?.toString('utf8') ?? '',
        },
      },
      () => processMessage(payload, topic, headers),
    )
    recordMessage(stage, topic, outcome, secondsSince(started))
  }

  async function processMessage(
    payload: EachMessagePayload,
    topic: T,
    headers: Record<string, string>,
  ): Promise<'ok' | 'dead_lettered'> {
    const { message, partition, heartbeat } = payload
    const key = message.key?.toString('utf8') ?? ''
    const where = { topic, partition, offset: message.offset, check_id: key, stage }
    let value: EventValueByTopic[T] | undefined
    const delivery = deliveryId(options.groupId, payload.topic, partition, message.offset)
    const deliveries = await countDelivery(options.deliveries, delivery, log)
    if (deliveries !== undefined && deliveries > maxDeliveries) {
      const error = redeliveryLimitError(deliveries, maxDeliveries)
      value = await decodeEvent(
        deps.registry,
        topic,
        message.value,
        deps.schemaIds?.get(payload.topic),
      ).catch(() => undefined)
      log.error('message dead-lettered', { ...where, attempts: deliveries, code: error.code })
      await deadLetter(payload, topic, deliveries, error)
      await options.onPermanentFailure?.(
        { topic, key, value, headers, partition, offset: message.offset, attempts: deliveries },
        error,
      )
      await forgetDelivery(options.deliveries, delivery, log)
      return 'dead_lettered'
    }
    for (let attempt = 1; ; attempt++) {
      try {
        value ??= await decodeEvent(deps.registry, topic, message.value, deps.schemaIds?.get(payload.topic))
        const event = { topic, key, value, headers, partition, offset: message.offset, attempt }
        await withHeartbeats(heartbeat, heartbeatIntervalMs, () =>
          options.handle(event as ConsumedMessage<T>),
        )
        await forgetDelivery(options.deliveries, delivery, log)
        // Returning resolves the offset; kafkajs commits it with the next batch of commits (autoCommit below).
        return 'ok'
      } catch (thrown) {
        const error = toStageError(thrown)
        const retry = shouldRetry(error, attempt, policy)
        recordFailedAttempt(stage, topic, error.code, retry)
        if (retry) {
          // Shutting down: leave the offset uncommitted so another member retries, rather than dead-letter.
          if (stopping.signal.aborted) throw new ShutdownInProgressError()
          const delayMs = backoffDelayMs(attempt, policy)
          log.warn('handler failed, retrying', { ...where, attempt, code: error.code, delay_ms: delayMs })
          await sleepWithHeartbeats(delayMs, heartbeatIntervalMs, heartbeat, stopping.signal)
          continue
        }
        log.error('message dead-lettered', { ...where, attempts: attempt, code: error.code, err: error })
        await deadLetter(payload, topic, attempt, error)
        await options.onPermanentFailure?.(
          { topic, key, value, headers, partition, offset: message.offset, attempts: attempt },
          error,
        )
        await forgetDelivery(options.deliveries, delivery, log)
        return 'dead_lettered'
      }
    }
  }

  // kafkajs emits GROUP_JOIN on every (re)join, STOP when stopped and CRASH when the run loop dies (then
  // restarts it only for retriable errors); a crash inside connect/join is not thrown from run(), hence events.
  let running = false
  consumer.on(consumer.events.GROUP_JOIN, () => {
    running = !stopping.signal.aborted
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
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    eachMessage: handleMessage,
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

/** Keeps the group membership alive while a long handler runs (kafkajs only heartbeats between messages). */
async function withHeartbeats<R>(
  heartbeat: () => Promise<void>,
  intervalMs: number,
  run: () => Promise<R>,
): Promise<R> {
  const timer = setInterval(() => {
    heartbeat().catch(() => undefined)
  }, intervalMs)
  try {
    return await run()
  } finally {
    clearInterval(timer)
  }
}
