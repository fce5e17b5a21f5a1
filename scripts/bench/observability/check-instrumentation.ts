/**
 * Exactly the instrumentation one check goes through, with everything else (Kafka, the store, S3, the
 * stages' work) replaced by calls that return at once, so the CPU it costs can be measured in one process.
 * Real code where it is a function of its own — the gateway's `httpObservability` middleware (in a Hono
 * app), `watchConsumerLag` and `recordMessage`, `observeCommands` (driven by the driver's events),
 * `timedStorage`, `recordCompletion`; the two places where it is inlined in Kafka plumbing are mirrored
 * line for line in kafka-mirror.ts (the consumer's per-message span, the publisher's header injection).
 */
import { EventEmitter } from 'node:events'
import { withSpan } from '@rv/observability'
import type { CheckRecord } from '@rv/schemas'
import type { FileStorage } from '@rv/storage'
import { Hono } from 'hono'
import type { MongoClient } from 'mongodb'
import { timedStorage } from '../../../packages/storage/src/timed-storage'
import { observeCommands } from '../../../packages/store/src/command-metrics'
import { recordCompletion } from '../../../services/aggregator/src/completion-metrics'
import type { GatewayEnv } from '../../../services/gateway/src/gateway-env'
import { httpObservability } from '../../../services/gateway/src/observability/http-observability'
import { consumeMirror, lagWatchedConsumers, publishMirror as publish } from './kafka-mirror'

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

/** What the stages' instrumentation records into: fake store commands and S3 calls, the stages' consumers. */
interface Driver {
  /** Emits `count` store commands on the monitored fake client. */
  command: (count: number) => void
  s3: FileStorage
  consume: <R>(
    stage: string,
    topic: string,
    headers: Record<string, string>,
    offset: number,
    handle: () => Promise<R>,
  ) => Promise<R>
  /** Store commands the aggregator owes (2.4 per message: whole ones are emitted, the rest carried). */
  aggregatorCommands: number
}

export function createCheckDriver(): CheckDriver {
  const consumerOf = lagWatchedConsumers()
  const driver: Driver = {
    command: monitoredCommands(),
    s3: fakeTimedStorage(),
    consume: (stage, topic, headers, offset, handle) =>
      consumeMirror(consumerOf(stage), stage, topic, headers, offset, handle),
    aggregatorCommands: 0,
  }
  const gateway = gatewayApp(driver)
  return {
    async runCheck(n) {
      const fromGateway = await gateway.submit()
      const extracted = await driver.consume('extraction', 'check.submitted.v1', fromGateway, n, async () => {
        await driver.s3.get('bench/key')
        driver.command(storeCommands.extraction)
        return publish('check.extracted.v1', 'req_bench')
      })
      await aggregate(driver, 'check.submitted.v1', fromGateway, n, false)
      const published = await runResultStages(driver, extracted, n)
      for (const [i, [topic, headers]] of published.entries())
        await aggregate(driver, topic, headers, n, i === published.length - 1)
    },
  }
}

/** The driver's command monitoring, fed the events MongoDB's driver emits after each command. */
function monitoredCommands(): (count: number) => void {
  const mongo = new EventEmitter()
  observeCommands(mongo as unknown as MongoClient)
  return (count) => {
    for (let i = 0; i < count; i++)
      mongo.emit('commandSucceeded', { commandName: i % 3 === 0 ? 'insert' : 'find', duration: 1.2 })
  }
}

function fakeTimedStorage(): FileStorage {
  const none = async () => undefined
  return timedStorage({
    bucket: 'bench',
    ensure: none,
    put: none,
    get: async () => Buffer.alloc(0),
    stat: none,
    ping: none,
    remove: none,
    removePrefix: none,
  } as unknown as FileStorage)
}

/** The gateway's POST through its real observability middleware; `submit` answers the published headers. */
function gatewayApp(driver: Driver): { submit(): Promise<Record<string, string>> } {
  let submitted: Record<string, string> = {}
  const app = new Hono<GatewayEnv>()
  app.use(httpObservability())
  app.post('/v1/checks', async (c) => {
    await driver.s3.put('bench/key', Buffer.alloc(0), 'application/pdf')
    driver.command(storeCommands.gateway)
    submitted = publish('check.submitted.v1', 'req_bench')
    return c.json({ status: 'pending' }, 202)
  })
  return {
    async submit() {
      const res = await app.request('/v1/checks', { method: 'POST' })
      if (res.status !== 202) throw new Error(`POST answered ${res.status}`)
      return submitted
    },
  }
}

/** Authenticity, matching and replay on the extracted event; the topics and headers published, extraction's first. */
async function runResultStages(
  driver: Driver,
  extracted: Record<string, string>,
  n: number,
): Promise<[string, Record<string, string>][]> {
  const results: [string, string, number, boolean][] = [
    ['authenticity', 'check.authenticated.v1', storeCommands.authenticity, true],
    ['matching', 'check.matched.v1', storeCommands.matching, false],
    ['replay', 'check.replay-checked.v1', storeCommands.replay, false],
  ]
  const published: [string, Record<string, string>][] = [['check.extracted.v1', extracted]]
  for (const [stage, topic, commands, readsFile] of results) {
    const headers = await driver.consume(stage, 'check.extracted.v1', extracted, n, async () => {
      if (readsFile) await driver.s3.get('bench/key')
      driver.command(commands)
      return publish(topic, 'req_bench')
    })
    published.push([topic, headers])
  }
  return published
}

/** The aggregator: one message, its `aggregator write` span, its store commands; the last one completes. */
function aggregate(
  driver: Driver,
  topic: string,
  headers: Record<string, string>,
  n: number,
  last: boolean,
): Promise<void> {
  return driver.consume('aggregator', topic, headers, n, () =>
    withSpan('aggregator write', { attributes: { 'rv.check_id': `chk_${n}` } }, async () => {
      driver.aggregatorCommands += storeCommands.aggregatorPerMessage
      const whole = Math.floor(driver.aggregatorCommands)
      driver.command(whole)
      driver.aggregatorCommands -= whole
      if (last) {
        publish('check.completed.v1', 'req_bench')
        recordCompletion(finished)
      }
    }),
  )
}
