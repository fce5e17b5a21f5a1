/**
 * The two places where instrumentation is inlined in Kafka plumbing, mirrored line for line for the
 * observability bench: the publisher's header injection and count (`packages/kafka/src/publisher.ts`) and
 * the consumer's per-message span and record (`packages/kafka/src/consumer.ts` `handleMessage`), with the
 * lag watch fed the batch events kafkajs emits. Keep them in step when those change.
 */
import { EventEmitter } from 'node:events'
import {
  contextFromHeaders,
  metrics,
  SpanKind,
  secondsSince,
  traceContextHeaders,
  withSpan,
} from '@rv/observability'
import type { Consumer } from 'kafkajs'
import { recordMessage, watchConsumerLag } from '../../../packages/kafka/src/consumer-metrics'

const startBatch = 'consumer.start_batch_process'
const endBatch = 'consumer.end_batch_process'

/** publisher.ts: the active span's traceparent added to the headers, the publish counted. */
export function publishMirror(topic: string, requestId: string): Record<string, string> {
  const sent = { 'request-id': requestId, ...traceContextHeaders() }
  metrics().messagesPublished.inc({ topic })
  return sent
}

/** One lag-watched consumer per stage, fed the batch events kafkajs emits around each batch of one. */
export function lagWatchedConsumers(): (stage: string) => EventEmitter {
  const consumers = new Map<string, EventEmitter>()
  return (stage) => {
    let c = consumers.get(stage)
    if (!c) {
      c = new EventEmitter()
      Object.assign(c, { events: { START_BATCH_PROCESS: startBatch, END_BATCH_PROCESS: endBatch } })
      watchConsumerLag(c as unknown as Consumer, `rv-${stage}`, '')
      consumers.set(stage, c)
    }
    return c
  }
}

/** consumer.ts handleMessage: a consumer span child of the headers' context, then the message recorded. */
export async function consumeMirror<R>(
  lag: EventEmitter,
  stage: string,
  topic: string,
  headers: Record<string, string>,
  offset: number,
  handle: () => Promise<R>,
): Promise<R> {
  lag.emit(startBatch, { payload: { topic, partition: offset % 3, offsetLagLow: '1' } })
  const started = performance.now()
  let result: R | undefined
  const outcome = await withSpan(
    `${stage} process ${topic}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFromHeaders(headers),
      attributes: {
        'messaging.system': 'kafka',
        'messaging.destination.name': topic,
        'messaging.kafka.partition': offset % 3,
        'messaging.kafka.offset': String(offset),
        'rv.check_id': `chk_${offset}`,
      },
    },
    async () => {
      result = await handle()
      return 'ok' as const
    },
  )
  recordMessage(stage, topic, outcome, secondsSince(started))
  lag.emit(endBatch, { payload: { topic, partition: offset % 3, offsetLag: '0' } })
  return result as R
}
