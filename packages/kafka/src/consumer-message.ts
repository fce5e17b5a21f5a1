/**
 * One message, start to end: count it when it is suspect (delivery-guard.ts), decode + validate, call the
 * handler with retries, backoff and heartbeats, dead-letter and tell the service when it is given up. The
 * caller resolves its offset once this returns (consumer-batch.ts); a throw leaves it unresolved.
 */
import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry'
import { contextFromHeaders, SpanKind, secondsSince, withSpan } from '@rv/observability'
import type { KafkaMessage, Producer } from 'kafkajs'
import type { BusLogger } from './bus-logger'
import { type MessageOutcome, recordFailedAttempt, recordMessage } from './consumer-metrics'
import { messageSpanAttributes } from './consumer-span'
import type { ConsumedMessage, ConsumeOptions } from './consumer-types'
import { buildDeadLetterHeaders } from './dead-letter'
import { decodeEvent } from './decode-event'
import type { DeliveryGuard } from './delivery-guard'
import { redeliveryLimitError } from './delivery-ledger'
import { type KafkaStageError, toStageError } from './errors'
import { readHeaders } from './message-headers'
import type { OffsetHolds, ReleaseOffset } from './offset-holds'
import { sendOrThrow } from './publisher'
import { backoffDelayMs, type RetryPolicy, shouldRetry } from './retry-policy'
import {
  deadLetterTopic,
  type EventTopic,
  type EventValueByTopic,
  logicalTopic,
  physicalTopic,
} from './topics'
import { ShutdownInProgressError, sleepWithHeartbeats } from './wait'

/** What every message of one consumer shares. */
export interface ConsumerContext<T extends EventTopic> {
  registry: SchemaRegistry
  producer: () => Promise<Producer>
  prefix: string
  log: BusLogger
  schemaIds: ReadonlyMap<string, number> | undefined
  options: ConsumeOptions<T>
  stage: string
  policy: RetryPolicy
  maxDeliveries: number
  heartbeatIntervalMs: number
  stopping: AbortSignal
  guard: DeliveryGuard
  /** With `holdOffsets`: what the handler holds, and what the consumer commits (offset-holds.ts). */
  holds?: OffsetHolds
}

/** A message as fetched: physical topic, partition, the raw record. */
export interface Incoming {
  topic: string
  partition: number
  message: KafkaMessage
  heartbeat: () => Promise<void>
}

export function decodeIncoming<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  m: Incoming,
): Promise<EventValueByTopic[T]> {
  const topic = logicalTopic(ctx.prefix, m.topic) as T
  return decodeEvent(ctx.registry, topic, m.message.value, ctx.schemaIds?.get(m.topic))
}

export async function deadLetter<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  m: Incoming,
  attempts: number,
  error: KafkaStageError,
): Promise<void> {
  const { message, partition } = m
  const topic = logicalTopic(ctx.prefix, m.topic)
  const headers = {
    ...message.headers,
    ...buildDeadLetterHeaders({
      topic,
      partition,
      offset: message.offset,
      attempts,
      stage: ctx.stage,
      error,
    }),
  }
  const raw = Object.fromEntries(
    Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v[0]! : v]])),
  ) as Record<string, Buffer | string>
  await sendOrThrow(await ctx.producer(), physicalTopic(ctx.prefix, deadLetterTopic), [
    { key: message.key, value: message.value, headers: raw },
  ])
}

/** Dead-letters `m`, then calls `onPermanentFailure`; `value` undefined when it could not be decoded. */
export async function giveUp<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  m: Incoming,
  value: EventValueByTopic[T] | undefined,
  attempts: number,
  error: KafkaStageError,
): Promise<'dead_lettered'> {
  const topic = logicalTopic(ctx.prefix, m.topic) as T
  const key = m.message.key?.toString('utf8') ?? ''
  const { partition, message } = m
  ctx.log.error('message dead-lettered', {
    ...{ topic, partition, offset: message.offset, check_id: key, stage: ctx.stage },
    ...{ attempts, code: error.code, err: error },
  })
  await deadLetter(ctx, m, attempts, error)
  const headers = readHeaders(message.headers)
  await ctx.options.onPermanentFailure?.(
    { topic, key, value, headers, partition, offset: message.offset, attempts },
    error,
  )
  return 'dead_lettered'
}

// One span per message, child of the publisher's (W3C traceparent header); no-op while tracing is off.
export async function handleIncoming<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  m: Incoming,
): Promise<void> {
  const topic = logicalTopic(ctx.prefix, m.topic) as T
  const started = performance.now()
  const outcome = await withSpan(
    `${ctx.stage} process ${topic}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFromHeaders(readHeaders(m.message.headers)),
      attributes: messageSpanAttributes(m.topic, m.partition, m.message),
    },
    () => countedProcess(ctx, m),
  )
  recordMessage(ctx.stage, topic, outcome, secondsSince(started))
}

/** A suspect offset is counted first, and given up unhandled past the limit; forgotten once done with. */
async function countedProcess<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  m: Incoming,
): Promise<MessageOutcome> {
  const { guard } = ctx
  const { topic, partition } = m
  const offset = m.message.offset
  if (!(await guard.prepare(topic, partition, offset))) return processMessage(ctx, m)
  const deliveries = await guard.count(topic, partition, offset)
  let outcome: MessageOutcome
  if (deliveries !== undefined && deliveries > ctx.maxDeliveries) {
    const value = await decodeIncoming(ctx, m).catch(() => undefined)
    outcome = await giveUp(ctx, m, value, deliveries, redeliveryLimitError(deliveries, ctx.maxDeliveries))
  } else {
    outcome = await processMessage(ctx, m)
  }
  await guard.forget(topic, partition, offset)
  return outcome
}

async function processMessage<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  m: Incoming,
): Promise<MessageOutcome> {
  const topic = logicalTopic(ctx.prefix, m.topic) as T
  const { message, partition, heartbeat } = m
  const key = message.key?.toString('utf8') ?? ''
  const where = { topic, partition, offset: message.offset, check_id: key, stage: ctx.stage }
  let value: EventValueByTopic[T] | undefined
  for (let attempt = 1; ; attempt++) {
    try {
      value ??= await decodeIncoming(ctx, m)
      const event = {
        ...consumed(ctx, m, value),
        attempt,
        ...(ctx.holds ? { hold: holdOf(ctx.holds, m) } : {}),
      }
      await withHeartbeats(heartbeat, ctx.heartbeatIntervalMs, () =>
        ctx.options.handle(event as ConsumedMessage<T>),
      )
      return 'ok'
    } catch (thrown) {
      const error = toStageError(thrown)
      const retry = shouldRetry(error, attempt, ctx.policy)
      recordFailedAttempt(ctx.stage, topic, error.code, retry)
      if (!retry) return giveUp(ctx, m, value, attempt, error)
      await waitToRetry(ctx, heartbeat, attempt, { ...where, attempt, code: error.code })
    }
  }
}

/** A decoded message as the handler receives it (first attempt). */
export function consumed<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  m: Incoming,
  value: unknown,
): ConsumedMessage<T> {
  const { message, partition } = m
  const topic = logicalTopic(ctx.prefix, m.topic) as T
  const key = message.key?.toString('utf8') ?? ''
  const headers = readHeaders(message.headers)
  const timestamp = Number(message.timestamp)
  return {
    topic,
    key,
    value,
    headers,
    partition,
    offset: message.offset,
    timestamp,
    attempt: 1,
  } as ConsumedMessage<T>
}

/** The message's `hold`: its physical topic-partition and offset in the consumer's holds. */
function holdOf(holds: OffsetHolds, m: Incoming): () => ReleaseOffset {
  return () => holds.hold(m.topic, m.partition, m.message.offset)
}

/** The backoff before the next attempt; shutting down, the offset stays unresolved so another member retries. */
export async function waitToRetry<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  heartbeat: () => Promise<void>,
  attempt: number,
  fields: Record<string, unknown>,
): Promise<void> {
  if (ctx.stopping.aborted) throw new ShutdownInProgressError()
  const delayMs = backoffDelayMs(attempt, ctx.policy)
  ctx.log.warn('handler failed, retrying', { ...fields, delay_ms: delayMs })
  await sleepWithHeartbeats(delayMs, ctx.heartbeatIntervalMs, heartbeat, ctx.stopping)
}

/** Keeps the group membership alive while a long handler runs (kafkajs heartbeats only between calls). */
export async function withHeartbeats<R>(
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
