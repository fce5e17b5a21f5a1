/**
 * kafkajs `eachBatch`: the messages one fetch returned for one topic-partition, in offset order. Each is
 * handled to the end (consumer-message.ts) before its offset is resolved, and committed in the background
 * (`commitOffsetsIfNecessary`: every `commitIntervalMs` or `commitThreshold` resolved offsets). The loop
 * stops at the next message when the consumer stops (`isRunning`) or the partition was seeked or taken
 * away by a rebalance (`isStale`): the rest is fetched again by whoever owns the partition next.
 *
 * With `handleBatch`, the decoded messages of a batch go to the handler in one call (one span for the
 * batch), retried with backoff as a whole; if it still fails, each message goes through `handle` one by
 * one, so one bad message is dead-lettered alone. Messages that cannot be decoded are given up one by one,
 * and suspect offsets (counted in the delivery ledger: a consumer may have died on them) are handled one by
 * one, so a message that kills the process is still counted and dead-lettered.
 */
import {
  contextFromHeaders,
  isTracingOn,
  linksFromHeaders,
  recordSpan,
  SpanKind,
  secondsSince,
  withSpan,
} from '@rv/observability'
import type { EachBatchPayload, KafkaMessage } from 'kafkajs'
import {
  type ConsumerContext,
  consumed,
  decodeIncoming,
  giveUp,
  handleIncoming,
  type Incoming,
  waitToRetry,
  withHeartbeats,
} from './consumer-message'
import { recordFailedAttempt, recordMessage } from './consumer-metrics'
import { messageSpanAttributes, offsetSpanAttributes } from './consumer-span'
import type { ConsumedMessage } from './consumer-types'
import { toStageError } from './errors'
import { readHeaders } from './message-headers'
import { shouldRetry } from './retry-policy'
import { type EventTopic, logicalTopic } from './topics'

export function eachBatchHandler<T extends EventTopic>(ctx: ConsumerContext<T>) {
  return async (payload: EachBatchPayload): Promise<void> => {
    if (ctx.options.handleBatch) return wholeBatches(ctx, payload)
    const { batch } = payload
    for (const message of batch.messages) {
      if (!payload.isRunning() || payload.isStale()) break
      await handleIncoming(ctx, incoming(payload, message))
      await done(ctx, payload, message)
    }
  }
}

function incoming(payload: EachBatchPayload, message: KafkaMessage): Incoming {
  return {
    topic: payload.batch.topic,
    partition: payload.batch.partition,
    message,
    heartbeat: payload.heartbeat,
  }
}

async function done<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  payload: EachBatchPayload,
  message: KafkaMessage,
): Promise<void> {
  payload.resolveOffset(message.offset)
  ctx.holds?.handled(payload.batch.topic, payload.batch.partition, message.offset)
  await payload.heartbeat()
  await payload.commitOffsetsIfNecessary()
}

type Decoded<T extends EventTopic> = { message: KafkaMessage; event: ConsumedMessage<T> }

/** `handleBatch`: runs of decodable, unsuspected messages in one call; the others one by one, in order. */
async function wholeBatches<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  payload: EachBatchPayload,
): Promise<void> {
  const { batch } = payload
  let run: Decoded<T>[] = []
  const flush = async () => {
    if (run.length > 0) await handleRun(ctx, payload, run)
    run = []
  }
  for (const message of batch.messages) {
    if (!payload.isRunning() || payload.isStale()) break
    const m = incoming(payload, message)
    if (await ctx.guard.prepare(batch.topic, batch.partition, message.offset)) {
      await flush()
      await handleIncoming(ctx, m)
      await done(ctx, payload, message)
      continue
    }
    const decoded = await decodeIncoming(ctx, m).then(
      (value) => ({ value }),
      (thrown: unknown) => ({ error: toStageError(thrown) }),
    )
    if ('error' in decoded) {
      await flush()
      recordFailedAttempt(ctx.stage, logicalTopic(ctx.prefix, batch.topic), decoded.error.code, false)
      recordMessage(
        ctx.stage,
        logicalTopic(ctx.prefix, batch.topic),
        await giveUp(ctx, m, undefined, 1, decoded.error),
        0,
      )
      await done(ctx, payload, message)
      continue
    }
    run.push({ message, event: consumed(ctx, m, decoded.value) })
  }
  if (payload.isRunning() && !payload.isStale()) await flush()
}

/** One call for the run, retried as a whole; past the retries, each message alone through `handle`. */
async function handleRun<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  payload: EachBatchPayload,
  run: Decoded<T>[],
): Promise<void> {
  const { batch } = payload
  const topic = logicalTopic(ctx.prefix, batch.topic)
  const started = performance.now()
  const startedAt = Date.now()
  let batchLinks: ReturnType<typeof linksFromHeaders> = []
  // Each message's headers read once, and only while tracing: the batch's links and each message's span.
  const headers = isTracingOn() ? run.map(({ message }) => readHeaders(message.headers)) : []
  const handled = await withSpan(
    `${ctx.stage} process ${topic} batch`,
    {
      kind: SpanKind.CONSUMER,
      // Where each message came from (OpenTelemetry's batch convention: links, not one parent).
      links: headers.flatMap(linksFromHeaders),
      attributes: {
        ...offsetSpanAttributes(batch.topic, batch.partition, run[0]!.message.offset),
        'messaging.batch.message_count': run.length,
      },
    },
    (span) => {
      batchLinks = [{ context: span.spanContext() }]
      return attemptRun(ctx, payload, run)
    },
  )
  if (handled) {
    // Each message's trace (one per check) still shows this consumer: a span per message over the batch's
    // time, child of the message's producer and linked to the batch span that did the work.
    for (const [i, carried] of headers.entries()) {
      const { message } = run[i]!
      recordSpan(`${ctx.stage} process ${topic}`, {
        kind: SpanKind.CONSUMER,
        parent: contextFromHeaders(carried),
        links: batchLinks,
        startTime: startedAt,
        attributes: messageSpanAttributes(batch.topic, batch.partition, message),
      })
    }
    const seconds = secondsSince(started) / run.length
    for (let i = 0; i < run.length; i++) recordMessage(ctx.stage, topic, 'ok', seconds)
    const last = run[run.length - 1]!.message
    payload.resolveOffset(last.offset)
    ctx.holds?.handled(batch.topic, batch.partition, last.offset)
    await payload.heartbeat()
    await payload.commitOffsetsIfNecessary()
    return
  }
  for (const { message } of run) {
    if (!payload.isRunning() || payload.isStale()) return
    await handleIncoming(ctx, incoming(payload, message))
    await done(ctx, payload, message)
  }
}

/** True once `handleBatch` succeeded; false when it failed for good (the caller goes message by message). */
async function attemptRun<T extends EventTopic>(
  ctx: ConsumerContext<T>,
  payload: EachBatchPayload,
  run: Decoded<T>[],
): Promise<boolean> {
  const topic = logicalTopic(ctx.prefix, payload.batch.topic)
  for (let attempt = 1; ; attempt++) {
    try {
      const events = run.map((d) => ({ ...d.event, attempt }))
      await withHeartbeats(payload.heartbeat, ctx.heartbeatIntervalMs, () => ctx.options.handleBatch!(events))
      return true
    } catch (thrown) {
      const error = toStageError(thrown)
      const retry = shouldRetry(error, attempt, ctx.policy)
      if (retry) recordFailedAttempt(ctx.stage, topic, error.code, true)
      if (!retry) {
        ctx.log.warn('batch handler failed, handling its messages one by one', {
          topic,
          partition: payload.batch.partition,
          messages: run.length,
          code: error.code,
        })
        return false
      }
      await waitToRetry(ctx, payload.heartbeat, attempt, {
        topic,
        partition: payload.batch.partition,
        attempt,
        code: error.code,
      })
    }
  }
}
