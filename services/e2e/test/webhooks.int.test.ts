/**
 * Webhooks end to end (docs/webhooks.md): the gateway and the webhooks service as processes on the real
 * stack, result events published on their topics, and real receivers on 127.0.0.1 (the operator's
 * allow-list opens loopback; the schedule is shortened by configuration). Delivery and its signature,
 * retries after a 500 and a timeout, order per check, an endpoint disabled after persistent failure,
 * redelivery from the log, the documented receiver run as written, and a SIGKILL of the webhooks process
 * mid-flight with every event delivered. Every wait is for an outcome, bounded; nothing asserts a timing.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { exampleRecord } from '@rv/core'
import { verifySignatureHeader } from '@rv/core/webhooks'
import { createEventBus, type EventBus } from '@rv/kafka'
import type {
  CheckRecord,
  CheckReviewedV1,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from '@rv/schemas'
import { connectStore, type Store } from '@rv/store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createE2eEnvironment, type E2eEnvironment } from '../src/e2e-environment'
import { freePort, type RunningServices, repoRoot, startServices } from '../src/start-services'

const stack = inject('stack')
let environment: E2eEnvironment
let bus: EventBus
let store: Store
let services: RunningServices
let apiKey: string
let tenantId: string
let receiver: Server
let base: string

interface Received {
  path: string
  eventId: string
  signature: string
  body: string
  answered: number
}
const received: Received[] = []
/** Per path, how to answer the n-th request (1-based) for an event id. */
const behaviours: Record<string, (n: number, event: WebhookEvent) => number | 'hang'> = {
  '/ok': () => 200,
  '/flaky': (n) => (n === 1 ? 500 : n === 2 ? 'hang' : 200),
  '/down': () => 500,
  '/order': (_n, event) => (event.type === 'check.completed' && !orderReleased ? 503 : 200),
  '/slow': () => 200,
}
const seenCount = new Map<string, number>()
/** The order test's gate: its check.completed is refused until the later event is stored and waiting. */
let orderReleased = false

function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  const path = req.url ?? ''
  const event = JSON.parse(body) as WebhookEvent
  const key = `${path} ${event.id}`
  const n = (seenCount.get(key) ?? 0) + 1
  seenCount.set(key, n)
  const how = behaviours[path]?.(n, event) ?? 404
  const record = (status: number) =>
    received.push({
      path,
      eventId: String(req.headers['rv-event-id']),
      signature: String(req.headers['rv-signature']),
      body,
      answered: status,
    })
  if (how === 'hang') {
    record(0)
    setTimeout(() => res.writeHead(200).end(), 3000)
    return
  }
  const reply = () => {
    record(how)
    res.writeHead(how).end()
  }
  if (path === '/slow') setTimeout(reply, 300)
  else reply()
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 90_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    const empty = value === undefined || value === false || (Array.isArray(value) && value.length === 0)
    if (!empty) return value as T
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${services.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

async function register(url: string, events: string[]): Promise<WebhookEndpoint> {
  const { status, body } = await api('POST', '/v1/webhook-endpoints', { url, events })
  expect(status).toBe(201)
  return body as WebhookEndpoint
}

async function deliveriesOf(endpointId: string): Promise<WebhookDelivery[]> {
  const { body } = await api('GET', `/v1/webhook-endpoints/${endpointId}/deliveries?limit=100`)
  return (body as { data: WebhookDelivery[] }).data
}

let checkSeq = 0
function completed(): CheckRecord {
  checkSeq += 1
  const id = `chk_01WEBH00KS${String(checkSeq).padStart(6, '0')}${Date.now() % 100_000}`
  return { ...exampleRecord(), id, tenant_id: tenantId, status: 'done', recommendation: 'accept' }
}

function reviewed(check: CheckRecord): CheckReviewedV1 {
  return {
    check_id: check.id,
    tenant_id: tenantId,
    seq: 1,
    decision: 'genuine',
    reason_code: null,
    note: null,
    decided_by: 'analyst@example.com',
    role: 'analyst',
    record_sha256: 'a'.repeat(64),
    recommendation_was: 'accept',
    decided_at: new Date().toISOString(),
  }
}

const publishCompleted = (record: CheckRecord) => bus.publish('check.completed.v1', record.id, record)
const nowSeconds = () => Math.floor(Date.now() / 1000)

beforeAll(async () => {
  environment = createE2eEnvironment(stack, 'it-webhooks')
  store = await connectStore({ url: stack.mongoUrl, database: environment.database })
  await store.ensureIndexes()
  const tenant = await store.tenants.createTenant('it-webhooks')
  tenantId = tenant._id
  apiKey = (await store.tenants.createKey(tenantId)).key
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'it-webhooks',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: environment.topicPrefix,
    shutdown: false,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => answer(req, res, body))
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  services = await startServices({
    env: environment.env,
    only: ['gateway', 'webhooks'],
    output: 'ignore',
    readyTimeoutMs: 240_000,
    envOf: {
      webhooks: {
        WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1/32',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_BASE_MS: '50',
        WEBHOOK_RETRY_MAX_DELAY_MS: '200',
        WEBHOOK_RETRY_HORIZON_MS: '600000',
        WEBHOOK_DISABLE_AFTER_MS: '8000',
        WEBHOOK_SWEEP_INTERVAL_MS: '100',
        WEBHOOK_CONCURRENCY: '4',
      },
    },
  })
}, 300_000)

afterAll(async () => {
  await services?.stop()
  receiver?.closeAllConnections()
  await new Promise((r) => receiver?.close(r))
  await bus?.close()
  await store?.close()
  await environment?.cleanup.run()
})

describe('webhooks', () => {
  it('delivers a finished check, signed with the secret shown at creation', async () => {
    const endpoint = await register(`${base}/ok`, ['check.completed'])
    const record = completed()
    await publishCompleted(record)
    const got = await until('the delivery', () =>
      received.find((r) => r.path === '/ok' && JSON.parse(r.body).data.id === record.id),
    )
    const event = JSON.parse(got.body) as WebhookEvent
    expect(event).toMatchObject({ type: 'check.completed', tenant_id: tenantId, data: record })
    expect(got.eventId).toBe(event.id)
    const secrets = [endpoint.secret!]
    expect(
      verifySignatureHeader({ header: got.signature, body: got.body, secrets, nowSeconds: nowSeconds() }),
    ).toEqual({ ok: true, timestamp: expect.any(Number) })
    const changed = got.body.replace('"check.completed"', '"check.completeD"')
    expect(
      verifySignatureHeader({ header: got.signature, body: changed, secrets, nowSeconds: nowSeconds() }).ok,
    ).toBe(false)
    const [logged] = await until('the log entry', async () =>
      (await deliveriesOf(endpoint.id)).filter((d) => d.status === 'delivered'),
    )
    expect(logged).toMatchObject({ event_id: event.id, check_id: record.id, status: 'delivered' })
    expect(logged!.attempts).toEqual([
      { at: expect.any(String), status_code: 200, error: null, latency_ms: expect.any(Number) },
    ])

    // Redelivery from the log: the same event again, newly signed.
    const { status } = await api('POST', `/v1/webhook-deliveries/${logged!.id}/redeliver`)
    expect(status).toBe(202)
    const twice = await until('the redelivery', () => {
      const copies = received.filter((r) => r.path === '/ok' && r.eventId === event.id)
      return copies.length >= 2 ? copies : undefined
    })
    expect(twice[1]!.body).toBe(got.body)
    expect(
      verifySignatureHeader({
        header: twice[1]!.signature,
        body: twice[1]!.body,
        secrets,
        nowSeconds: nowSeconds(),
      }).ok,
    ).toBe(true)
    await api('DELETE', `/v1/webhook-endpoints/${endpoint.id}`)
  })

  it('retries after a 500 and a timeout, and logs every attempt', async () => {
    const endpoint = await register(`${base}/flaky`, ['check.completed'])
    const record = completed()
    await publishCompleted(record)
    const [delivery] = await until('delivered after retries', async () =>
      (await deliveriesOf(endpoint.id)).filter((d) => d.status === 'delivered'),
    )
    expect(delivery!.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [500, 'http_status'],
      [null, 'timeout'],
      [200, null],
    ])
    const { body } = await api('GET', `/v1/webhook-endpoints/${endpoint.id}`)
    expect(body).toMatchObject({ status: 'enabled', failing_since: null })
    await api('DELETE', `/v1/webhook-endpoints/${endpoint.id}`)
  })

  it('keeps the events of a check in order: a later one waits until the earlier one is delivered', async () => {
    const endpoint = await register(`${base}/order`, ['check.completed', 'check.reviewed'])
    const record = completed()
    const attemptsOfCompleted = () =>
      received.filter((r) => r.path === '/order' && JSON.parse(r.body).type === 'check.completed').length
    await publishCompleted(record)
    await until('the first event refused once', () => attemptsOfCompleted() >= 1 || undefined)
    await bus.publish('check.reviewed.v1', record.id, reviewed(record))
    await until('the later event stored', async () =>
      (await deliveriesOf(endpoint.id)).length === 2 ? true : undefined,
    )
    // Two more refusals of the earlier event: sweeper rounds in which the later one was due have passed.
    const after = attemptsOfCompleted()
    await until('two more refusals', () => attemptsOfCompleted() >= after + 2 || undefined)
    orderReleased = true
    await until('both delivered', async () => {
      const log = await deliveriesOf(endpoint.id)
      return log.length === 2 && log.every((d) => d.status === 'delivered') ? log : undefined
    })
    const seen = received
      .filter((r) => r.path === '/order')
      .map((r) => `${JSON.parse(r.body).type} ${r.answered}`)
    const firstReviewed = seen.findIndex((x) => x.startsWith('check.reviewed'))
    expect(seen.slice(firstReviewed)).toEqual(['check.reviewed 200'])
    expect(seen.slice(0, firstReviewed).at(-1)).toBe('check.completed 200')
    expect(seen.slice(0, firstReviewed - 1).every((x) => x === 'check.completed 503')).toBe(true)
    await api('DELETE', `/v1/webhook-endpoints/${endpoint.id}`)
  })

  it('disables an endpoint that keeps failing, and says so', async () => {
    const endpoint = await register(`${base}/down`, ['check.completed'])
    await publishCompleted(completed())
    const disabled = await until('disabled', async () => {
      const { body } = await api('GET', `/v1/webhook-endpoints/${endpoint.id}`)
      return (body as WebhookEndpoint).status === 'disabled' ? (body as WebhookEndpoint) : undefined
    })
    expect(disabled).toMatchObject({ disabled_reason: 'failing', disabled_at: expect.any(String) })
    expect(Date.parse(disabled.disabled_at!) - Date.parse(disabled.failing_since!)).toBeGreaterThanOrEqual(
      8000,
    )
    // The endpoint is disabled first, then the attempt that disabled it is written (so a crash between the two
    // leaves a disabled endpoint whose pending delivery the next holder gives up): wait for that second write.
    const given = await until('the delivery given up', async () =>
      (await deliveriesOf(endpoint.id)).find((d) => d.status !== 'pending'),
    )
    expect(given).toMatchObject({
      status: 'failed',
      failure_reason: 'endpoint_disabled',
      next_attempt_at: null,
    })
    expect(given!.attempts.length).toBeGreaterThan(2)
    expect(given!.attempts.every((a) => a.status_code === 500)).toBe(true)
    const refused = await api('POST', `/v1/webhook-deliveries/${given!.id}/redeliver`)
    expect(refused.body.error.code).toBe('webhook_endpoint_disabled')
    const enabled = await api('POST', `/v1/webhook-endpoints/${endpoint.id}/enable`)
    expect(enabled.body).toMatchObject({ status: 'enabled', failing_since: null })
    await api('DELETE', `/v1/webhook-endpoints/${endpoint.id}`)
  })

  it('reaches the receiver of docs/webhooks.md, run as written', async () => {
    const docs = readFileSync(resolve(repoRoot, 'docs/webhooks.md'), 'utf8')
    const snippet = /```js\n(\/\/ receiver\.mjs[\s\S]*?)```/.exec(docs)?.[1]
    expect(snippet).toBeDefined()
    const file = join(tmpdir(), `receiver-${process.pid}.mjs`)
    writeFileSync(file, snippet!)
    const port = await freePort()
    const endpoint = await register(`http://127.0.0.1:${port}/`, ['check.completed'])
    let out = ''
    const child: ChildProcess = spawn(process.execPath, [file], {
      env: { PATH: process.env.PATH, WEBHOOK_SECRET: endpoint.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    child.stdout?.on('data', (c) => {
      out += c
    })
    try {
      const record = completed()
      await publishCompleted(record)
      const line = await until('the receiver to print the event', () =>
        out.split('\n').find((l) => l.includes(record.id)),
      )
      expect(JSON.parse(line)).toMatchObject({ type: 'check.completed', check: record.id })
      expect(JSON.parse(line).verified).toMatch(/^evt_/)
    } finally {
      child.kill('SIGTERM')
      await api('DELETE', `/v1/webhook-endpoints/${endpoint.id}`)
    }
  })

  it('loses nothing when the webhooks process is killed (SIGKILL) mid-flight', async () => {
    const endpoint = await register(`${base}/slow`, ['check.completed'])
    const records = Array.from({ length: 24 }, () => completed())
    for (const record of records) await publishCompleted(record)
    const answeredIds = () =>
      new Set(
        received
          .filter((r) => r.path === '/slow' && r.answered === 200)
          .map((r) => JSON.parse(r.body).data.id),
      )
    await until('a few delivered', () => answeredIds().size >= 3 || undefined)
    await services.killService('webhooks', 'SIGKILL')
    const beforeRestart = answeredIds().size
    expect(beforeRestart).toBeLessThan(records.length)
    services.startService('webhooks')
    await until(
      'every event delivered',
      () => records.every((r) => answeredIds().has(r.id)) || undefined,
      180_000,
    )
    const log = await until('every delivery logged as delivered', async () => {
      const all = await deliveriesOf(endpoint.id)
      return all.length === records.length && all.every((d) => d.status === 'delivered') ? all : undefined
    })
    expect(new Set(log.map((d) => d.check_id))).toEqual(new Set(records.map((r) => r.id)))
  }, 300_000)
})
