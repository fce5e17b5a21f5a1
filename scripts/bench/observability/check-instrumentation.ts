/**
 * Exactly the instrumentation one check goes through, with everything else (Kafka, the store, S3, the
 * stages' work) replaced by calls that return at once, so the CPU it costs can be measured in one process.
 * Real code where it is a function of its own — the gateway's `httpObservability` middleware (in a Hono
 * app), `watchConsumerLag` and `recordMessage`, `observeCommands` (driven by the driver's events),
 * `timedStorage`, `recordCompletion`; the two places where it is inlined in Kafka plumbing are mirrored
 * line for line: the consumer's per-message span (`packages/kafka/src/consumer.ts` `handleMessage`) and the
 * publisher's header injection and count (`publisher.ts`). Keep them in step when those change.
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
import type { CheckRecord } from '@rv/schemas'
import type { FileStorage } from '@rv/storage'
import { Hono } from 'hono'
import type { Consumer } from 'kafkajs'
import type { MongoClient } from 'mongodb'
import { recordMessage, watchConsumerLag } from '../../../packages/kafka/src/consumer-metrics'
import { timedStorage } from '../../../packages/storage/src/timed-storage'
import { observeCommands } from '../../../packages/store/src/command-metrics'
import { recordCompletion } from '../../../services/aggregator/src/completion-metrics'
import type { GatewayEnv } from '../../../services/gateway/src/gateway-env'
import { httpObservability } from '../../../services/gateway/src/observability/http-observability'

/**
 * Store commands per check by where they run: 24 in all, as counted by `bench:load` (docs/capacity.md:
 * 23.5–24.8 per check). S3 calls: the gateway's put, extraction's and authenticity's gets.
 */
const storeCommands = {
  gateway: 5,
  extraction: 2,
  authenticity: 2,
  matching: 1,
  replay: 2,
  aggregatorPerMessage: 2.4,
}

const startBatch = 'consumer.start_batch_process'
const endBatch = 'consumer.end_batch_process'

/** A finished check's fields the completion metrics read. */
const finished = {
  status: 'done',
  document: { verdict: 'genuine' },
  recommendation: 'accept',
  error: null,
  cost: { latency_ms: 850 },
} as unknown as Pick<CheckRecord, 'status' | 'document' | 'recommendation' | 'error' | 'cost'>

export interface CheckDriver {
  /** Runs one check's instrumentation: the POST, five consumers' nine messages, six publishes. */
  runCheck(n: number): Promise<void>
}

export function createCheckDriver(): CheckDriver {
  // The driver's command monitoring, fed the events MongoDB's driver emits after each command.
  const mongo = new EventEmitter()
  observeCommands(mongo as unknown as MongoClient)
  const command = (count: number) => {
    for (let i = 0; i < count; i++)
      mongo.emit('commandSucceeded', { commandName: i % 3 === 0 ? 'insert' : 'find', duration: 1.2 })
  }
  const none = async () => undefined
  const s3 = timedStorage({
    bucket: 'bench',
    ensure: none,
    put: none,
    get: async () => Buffer.alloc(0),
    stat: none,
    ping: none,
    remove: none,
    removePrefix: none,
  } as unknown as FileStorage)

  // One lag-watched consumer per stage, fed the batch events kafkajs emits around each batch of one.
  const consumers = new Map<string, EventEmitter>()
  const consumerOf = (stage: string): EventEmitter => {
    let c = consumers.get(stage)
    if (!c) {
      c = new EventEmitter()
      Object.assign(c, { events: { START_BATCH_PROCESS: startBatch, END_BATCH_PROCESS: endBatch } })
      watchConsumerLag(c as unknown as Consumer, `rv-${stage}`, '')
      consumers.set(stage, c)
    }
    return c
  }

  // publisher.ts: the active span's traceparent added to the headers, the publish counted.
  const publish = (topic: string, requestId: string): Record<string, string> => {
    const sent = { 'request-id': requestId, ...traceContextHeaders() }
    metrics().messagesPublished.inc({ topic })
    return sent
  }

  // consumer.ts handleMessage: a consumer span child of the headers' context, then the message recorded.
  const consume = async <R>(
    stage: string,
    topic: string,
    headers: Record<string, string>,
    offset: number,
    handle: () => Promise<R>,
  ): Promise<R> => {
    const lag = consumerOf(stage)
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

  let submitted: Record<string, string> = {}
  const app = new Hono<GatewayEnv>()
  app.use(httpObservability())
  app.post('/v1/checks', async (c) => {
    await s3.put('bench/key', Buffer.alloc(0), 'application/pdf')
    command(storeCommands.gateway)
    submitted = publish('check.submitted.v1', 'req_bench')
    return c.json({ status: 'pending' }, 202)
  })

  // The aggregator: one message, its `aggregator write` span, its store commands; the last one completes.
  let aggregatorCommands = 0
  const aggregate = (topic: string, headers: Record<string, string>, n: number, last: boolean) =>
    consume('aggregator', topic, headers, n, () =>
      withSpan('aggregator write', { attributes: { 'rv.check_id': `chk_${n}` } }, async () => {
        aggregatorCommands += storeCommands.aggregatorPerMessage
        const whole = Math.floor(aggregatorCommands)
        command(whole)
        aggregatorCommands -= whole
        if (last) {
          publish('check.completed.v1', 'req_bench')
          recordCompletion(finished)
        }
      }),
    )

  return {
    async runCheck(n) {
      const res = await app.request('/v1/checks', { method: 'POST' })
      if (res.status !== 202) throw new Error(`POST answered ${res.status}`)
      const fromGateway = submitted
      const extracted = await consume('extraction', 'check.submitted.v1', fromGateway, n, async () => {
        await s3.get('bench/key')
        command(storeCommands.extraction)
        return publish('check.extracted.v1', 'req_bench')
      })
      await aggregate('check.submitted.v1', fromGateway, n, false)
      const results: [string, string, number, boolean][] = [
        ['authenticity', 'check.authenticated.v1', storeCommands.authenticity, true],
        ['matching', 'check.matched.v1', storeCommands.matching, false],
        ['replay', 'check.replay-checked.v1', storeCommands.replay, false],
      ]
      const published: [string, Record<string, string>][] = [['check.extracted.v1', extracted]]
      for (const [stage, topic, commands, readsFile] of results) {
        const headers = await consume(stage, 'check.extracted.v1', extracted, n, async () => {
          if (readsFile) await s3.get('bench/key')
          command(commands)
          return publish(topic, 'req_bench')
        })
        published.push([topic, headers])
      }
      for (const [i, [topic, headers]] of published.entries())
        await aggregate(topic, headers, n, i === published.length - 1)
    },
  }
}
