/**
 * Signed events on the real stack (docs/signed-records.md): a receipt goes through every service, a credit
 * posted over the API settles it and an analyst decides on it in the review console (a process, over HTTP).
 * Each of the three result-topic events — check.completed.v1 (aggregator), check.settlement-changed.v1
 * (settlement), check.reviewed.v1 (console) — and each webhook body built from them (webhooks, to a real
 * receiver on 127.0.0.1) carries a detached JWS that verifies against the gateway's /.well-known/jwks.json
 * and fails after one changed byte; `npm run verify-record` says a saved webhook body is valid.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { verifySignatureHeader } from '@rv/core/webhooks'
import { generateReceipt } from '@rv/generator'
import { createEventBus, type EventBus } from '@rv/kafka'
import type { CheckRecord, WebhookEvent } from '@rv/schemas'
import { ensureActiveKey, type Jwks, loadKeyRing, verifySignedEvent } from '@rv/signing'
import { connectStore } from '@rv/store'
import { randomName } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningConsole, startConsole } from '../src/start-console'
import { freePort, type RunningServices, repoRoot, startServices } from '../src/start-services'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-signed-events')
const keyDir = mkdtempSync(join(tmpdir(), 'rv-e2e-event-keys-'))
const keys = {
  activeKeyFile: join(keyDir, 'active.jwk.json'),
  verifyKeysFile: join(keyDir, 'verify.jwks.json'),
}
const signingEnv = {
  RECORD_SIGNING_KEY_FILE: keys.activeKeyFile,
  RECORD_VERIFY_KEYS_FILE: keys.verifyKeysFile,
}
const tenant = { id: '', key: '' }
const analyst = { email: 'analyst@signed-events.test', password: randomName('pw') }
let services: RunningServices
let reviewConsole: RunningConsole
let bus: EventBus
let receiver: Server
let secret = ''

/** Every value seen on the three result topics, by topic. */
const published: Record<string, Record<string, unknown>[]> = {
  'check.completed.v1': [],
  'check.settlement-changed.v1': [],
  'check.reviewed.v1': [],
}
/** Every webhook request the receiver got: its raw body and RV-Signature. */
const hooks: { body: string; signature: string }[] = []

const generated = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'e2e-signed-events' })
const api = createApiClient(() => services.baseUrl)

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 180_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function jwks(): Promise<Jwks> {
  return (await (await fetch(`${services.baseUrl}/.well-known/jwks.json`)).json()) as Jwks
}

const bearer = () => ({ authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' })

/** The webhook body of `type` about `checkId`, once delivered, checked against the endpoint's secret. */
async function webhookOf(type: WebhookEvent['type'], checkId: string, settled?: (data: never) => boolean) {
  const hook = await until(`the ${type} webhook`, () =>
    hooks.find((h) => {
      const event = JSON.parse(h.body) as WebhookEvent
      const data = event.data as Record<string, unknown>
      return (
        event.type === type &&
        (data['id'] ?? data['check_id']) === checkId &&
        (settled === undefined || settled(data as never))
      )
    }),
  )
  const nowSeconds = Math.floor(Date.now() / 1000)
  expect(
    verifySignatureHeader({ header: hook.signature, body: hook.body, secrets: [secret], nowSeconds }).ok,
  ).toBe(true)
  return hook.body
}

/** The first digit inside `data` changed: one byte of the body as delivered. */
function oneByteChanged(body: string): unknown {
  const from = body.indexOf('"data":')
  const at = [...body.slice(from)].findIndex((ch) => /[0-8]/.test(ch)) + from
  return JSON.parse(body.slice(0, at) + String(Number(body[at]) + 1) + body.slice(at + 1))
}

/** Signs in to the console as the analyst: the session cookie and its CSRF token. */
async function signIn(): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${reviewConsole.url}/api/sign-in`, {
    method: 'POST',
    headers: { origin: reviewConsole.url, 'content-type': 'application/json' },
    body: JSON.stringify(analyst),
  })
  expect(res.status).toBe(200)
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
  return { cookie, csrf: ((await res.json()) as { csrf: string }).csrf }
}

beforeAll(async () => {
  ensureActiveKey(keys.activeKeyFile)
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  try {
    await store.ensureIndexes()
    tenant.id = (await store.tenants.createTenant('signed-events'))._id
    tenant.key = (await store.tenants.createKey(tenant.id)).key
    await store.consoleUsers.add({ ...analyst, tenantId: tenant.id, role: 'analyst' })
  } finally {
    await store.close()
  }
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      hooks.push({ body, signature: String(req.headers['rv-signature']) })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  const env = { ...e2e.env, ...signingEnv }
  services = await startServices({
    env,
    output: 'ignore',
    envOf: { webhooks: { WEBHOOK_ALLOW_ADDRESSES: '127.0.0.1/32', WEBHOOK_SWEEP_INTERVAL_MS: '200' } },
    // Eight services compile and connect at once; on a loaded machine that takes minutes.
    readyTimeoutMs: 240_000,
  })
  reviewConsole = await startConsole({ env, port: await freePort(), output: 'ignore', timeoutMs: 240_000 })
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'e2e-signed-events-downstream',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: e2e.topicPrefix,
    shutdown: false,
  })
  await bus.consume({
    groupId: `${e2e.env.KAFKA_GROUP_PREFIX}-downstream`,
    topics: ['check.completed.v1', 'check.settlement-changed.v1', 'check.reviewed.v1'],
    handle: async ({ topic, value }) => {
      published[topic]?.push(value as unknown as Record<string, unknown>)
    },
  })
  const endpoint = await fetch(`${services.baseUrl}/v1/webhook-endpoints`, {
    method: 'POST',
    headers: bearer(),
    body: JSON.stringify({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['check.completed', 'check.settlement_changed', 'check.reviewed'],
    }),
  })
  expect(endpoint.status).toBe(201)
  secret = ((await endpoint.json()) as { secret: string }).secret
}, 600_000)

afterAll(async () => {
  await bus?.close()
  await reviewConsole?.stop()
  await services?.stop()
  receiver?.closeAllConnections()
  await new Promise((r) => receiver?.close(r))
  await e2e.cleanup.run()
  rmSync(keyDir, { recursive: true, force: true })
}, 60_000)

describe('signed events and webhooks on the real stack', () => {
  it('a settlement change and a review produce signed events and webhooks that verify against the JWKS', async () => {
    const kid = loadKeyRing(keys).active!.kid
    const { amount, receipt_number: sbpId, paid_at: paidAt } = generated.truth.fields
    // Expected one rouble more than the receipt shows: the check is not accepted, so an analyst sees it.
    const submitted = await api.submit(tenant.key, generated.pdf, {
      expectation: JSON.stringify({ order_ref: 'signed-events', amount: Number(amount) + 1 }),
      headers: { prefer: 'wait=30' },
    })
    const checkId = ((await submitted.json()) as { id: string }).id
    const record: CheckRecord = await api.waitForTerminal(tenant.key, checkId)
    expect(record.status).toBe('done')
    expect(record.recommendation).not.toBe('accept')

    // The bank's credit of that payment, posted as the merchant's backend would.
    const credited = await fetch(`${services.baseUrl}/v1/credits`, {
      method: 'POST',
      headers: bearer(),
      body: JSON.stringify({
        lines: [
          {
            line_id: 'signed-events-1',
            amount: Number(amount),
            currency: 'RUB',
            credited_at: new Date(Date.parse(String(paidAt)) + 2_000).toISOString(),
            sbp_operation_id: sbpId,
          },
        ],
      }),
    })
    expect(credited.status).toBe(202)

    // The analyst decides in the console, once its queue feed has the check.
    const session = await signIn()
    const decided = await until('the check in the analyst queue', async () => {
      const res = await fetch(`${reviewConsole.url}/api/checks/${checkId}/decisions`, {
        method: 'POST',
        headers: {
          origin: reviewConsole.url,
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ decision: 'genuine', reason_code: null, note: 'the bank confirms it' }),
      })
      return res.status === 404 ? undefined : res
    })
    expect(decided.status).toBe(201)

    const keySet = await jwks()
    expect(keySet.keys.map((k) => k.kid)).toEqual([kid])
    const ofCheck = (topic: string) =>
      until(`${topic} of the check`, () => {
        const found = published[topic]!.filter((e) => (e['id'] ?? e['check_id']) === checkId)
        return found.length > 0 ? found : undefined
      })
    const confirmed = (data: { settlement: { credit: unknown } }) => data.settlement.credit !== null
    const bodies = {
      'check.completed': await webhookOf('check.completed', checkId),
      'check.settlement_changed': await webhookOf('check.settlement_changed', checkId, confirmed),
      'check.reviewed': await webhookOf('check.reviewed', checkId),
    }
    const events = {
      'check.completed.v1': await ofCheck('check.completed.v1'),
      'check.settlement-changed.v1': await ofCheck('check.settlement-changed.v1'),
      'check.reviewed.v1': await ofCheck('check.reviewed.v1'),
    }

    // Every event on every topic verifies, signed by the one active key; one changed value fails it.
    for (const [topic, list] of Object.entries(events))
      for (const event of list) {
        expect(event['signature'], topic).toMatch(/^[\w-]+\.\.[\w-]+$/)
        expect(verifySignedEvent(event, keySet), topic).toEqual({ ok: true, kid, checkId })
        expect(verifySignedEvent({ ...event, tenant_id: 'another' }, keySet).ok, topic).toBe(false)
      }
    // Every webhook body verifies the same way (its `data` is the topic's event, signature and all), and
    // fails after one changed byte of the body as delivered.
    for (const [type, body] of Object.entries(bodies)) {
      const parsed = JSON.parse(body) as WebhookEvent
      expect(verifySignedEvent(parsed, keySet), type).toEqual({ ok: true, kid, checkId })
      expect(verifySignedEvent(oneByteChanged(body), keySet), type).toMatchObject({
        ok: false,
        reason: 'bad_signature',
      })
    }
    expect(JSON.parse(bodies['check.reviewed']).data).toEqual(events['check.reviewed.v1'][0])

    // npm run verify-record takes a saved webhook body as it is.
    const saved = join(keyDir, 'reviewed-webhook.json')
    const verify = () =>
      spawnSync(
        resolve(repoRoot, 'node_modules/.bin/tsx'),
        ['scripts/verify/record.ts', saved, '--jwks', `${services.baseUrl}/.well-known/jwks.json`],
        { cwd: repoRoot, encoding: 'utf8' },
      )
    writeFileSync(saved, bodies['check.reviewed'])
    const good = verify()
    expect(good.stdout).toContain(`valid: ${checkId} signed by key ${kid}`)
    expect(good.status).toBe(0)
    writeFileSync(saved, JSON.stringify(oneByteChanged(bodies['check.settlement_changed'])))
    const bad = verify()
    // (the byte changed may be one of the check id's own)
    expect(bad.stdout).toMatch(/^INVALID: chk_\w+ \(bad_signature\)$/m)
    expect(bad.status).toBe(1)
  }, 600_000)
})
