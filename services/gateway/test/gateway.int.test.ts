import { buildMinimalPdf } from '@rv/core/testing'
import { allTopics, createEventBus, type EventBus, eventTopics, physicalTopic } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { createS3Storage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup, randomName } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApp } from '../src/app'
import type { GatewayDeps } from '../src/gateway-deps'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-gateway')
const store = useTestStore('it-gateway', connectStore)
const prefix = `${randomName('it-gateway')}.`
const bucketName = cleanup.bucket()
let bus: EventBus
let key: string
const seen = new Map<string, CheckSubmittedV1>()
const seenRequestIds = new Map<string, string | undefined>()
const pdf = buildMinimalPdf({ pages: [['Receipt']] })

function app(overrides: Partial<GatewayDeps> = {}) {
  const storage = createS3Storage({ ...stack.s3, bucket: bucketName })
  return createApp({
    logger: createLogger({ level: 'silent' }),
    checks: store().checks,
    tenants: store().tenants,
    idempotency: store().idempotency,
    storage,
    publishSubmitted: (s, requestId) =>
      bus.publish('check.submitted.v1', s.check_id, s, requestId ? { 'request-id': requestId } : {}),
    limits: { maxFileBytes: 1024 * 1024, maxWaitSeconds: 1, waitPollMs: 50 },
    defaultProfile: { name: 'default', version: 1 },
    ...overrides,
  })
}
function post(
  a: ReturnType<typeof app>,
  headers: Record<string, string> = {},
  options: { expectation?: string; apiKey?: string } = {},
) {
  const form = new FormData()
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'r.pdf')
  form.set('expectation', options.expectation ?? '{"order_ref":"o-1"}')
  return a.request('/v1/checks', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${options.apiKey ?? key}`, ...headers },
  })
}

/** A gateway pinning each tenant's checks to its latest `default` profile, as main.ts does. */
const pinningApp = () => app({ pinProfile: (tenantId) => store().profiles.latest(tenantId, 'default') })

async function newTenant(name: string) {
  const tenant = await store().tenants.createTenant(name)
  return { id: tenant._id, key: (await store().tenants.createKey(tenant._id)).key }
}

beforeAll(async () => {
  await createS3Storage({ ...stack.s3, bucket: bucketName }).ensure()
  const tenant = await store().tenants.createTenant('gw')
  key = (await store().tenants.createKey(tenant._id)).key
  for (const t of allTopics) cleanup.topic(physicalTopic(prefix, t))
  for (const t of eventTopics) cleanup.subject(`${physicalTopic(prefix, t)}-value`)
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'it-gateway',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: prefix,
    shutdown: false,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  await bus.consume({
    groupId: randomName('it-gateway'),
    topics: ['check.submitted.v1'],
    handle: async ({ key: id, value, headers }) => {
      seenRequestIds.set(id, headers['request-id'])
      seen.set(id, value)
    },
  })
})

afterAll(async () => {
  await bus.close()
  await cleanup.run()
})

async function until<T>(read: () => T | undefined): Promise<T> {
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('gateway on the real stack', () => {
  it('stores the file, writes the pending record and publishes check.submitted.v1', async () => {
    const res = await post(app())
    expect(res.status).toBe(202)
    const record = (await res.json()) as CheckRecord
    expect(record.status).toBe('pending')
    expect(res.headers.get('location')).toBe(`/v1/checks/${record.id}`)
    const submitted = await until(() => seen.get(record.id))
    expect(submitted).toMatchObject({ check_id: record.id, expectation: { order_ref: 'o-1' }, mode: 'pdf' })
    expect(submitted.file.key).toBe(`tenants/${record.tenant_id}/${record.id}/${submitted.file.sha256}`)
    const stored = await createS3Storage({ ...stack.s3, bucket: bucketName }).get(submitted.file.key)
    expect(stored).toEqual(pdf)
    expect((await store().checks.findDocument(record.id))?.published).toBe(true)
    expect(seenRequestIds.get(record.id)).toBe(res.headers.get('request-id'))
  })

  it('still accepts when publishing fails, leaving the outbox flag down for the sweeper', async () => {
    const res = await post(
      app({
        publishSubmitted: async () => {
          throw new Error('broker down')
        },
      }),
    )
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as CheckRecord
    const doc = await store().checks.findDocument(id)
    expect(doc?.published).toBe(false)
    expect((await store().checks.findUnpublished(new Date(Date.now() + 1000))).map((d) => d._id)).toContain(
      id,
    )
  })

  it('once a publish failed, refuses new checks with a coded 503 and Retry-After, storing nothing', async () => {
    const down = app({
      publishSubmitted: async () => {
        throw new Error('broker down')
      },
      bus: { timeoutMs: 3000, cooldownMs: 60_000 },
    })
    expect((await post(down)).status).toBe(202)
    const res = await post(down, { 'idempotency-key': 'while-bus-down' })
    expect(res.status).toBe(503)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = (await res.json()) as { error: { code: string; retryable: boolean } }
    expect(body.error).toMatchObject({ code: 'service_unavailable', retryable: true })
    // Refused before the idempotency claim: the same key goes through once the bus is back.
    expect((await post(app(), { 'idempotency-key': 'while-bus-down' })).status).toBe(202)
  })

  it('answers a publish that has not landed yet with 202 and raises the outbox flag when it does', async () => {
    let land: () => void = () => undefined
    const landed = new Promise<void>((resolve) => {
      land = resolve
    })
    const res = await post(
      app({ publishSubmitted: () => landed, bus: { timeoutMs: 100, cooldownMs: 60_000 } }),
    )
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as CheckRecord
    expect((await store().checks.findDocument(id))?.published).toBe(false)
    land()
    while (!(await store().checks.findDocument(id))?.published) await new Promise((r) => setTimeout(r, 50))
  })

  it('accepts a published check whose insert failed (202) and keeps its idempotency key: a retry does not make another', async () => {
    const failing = app({
      checks: {
        ...store().checks,
        insertPending: async () => {
          throw new Error('store lost after the publish')
        },
      },
    })
    const first = await post(failing, { 'idempotency-key': 'insert-failed', prefer: 'wait=5' })
    // Accepted: the check is on the bus and runs (the aggregator stores it); the key stays bound to it.
    expect(first.status).toBe(202)
    expect(first.headers.get('preference-applied')).toBeNull()
    expect(((await first.json()) as CheckRecord).status).toBe('pending')
    const retry = await post(app(), { 'idempotency-key': 'insert-failed' })
    expect(retry.status).toBe(409)
    expect(((await retry.json()) as { error: { code: string } }).error.code).toBe(
      'idempotency_request_in_progress',
    )
  }, 20_000)

  it('answers concurrent requests with one idempotency key with one check', async () => {
    const a = app()
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post(a, { 'idempotency-key': 'same' })),
    )
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as CheckRecord).id)))
    expect(ids.size).toBe(1)
  })

  it('answers 202 with the current record when Prefer: wait runs out', async () => {
    const res = await post(app(), { prefer: 'wait=1' })
    expect(res.status).toBe(202)
    expect(res.headers.get('preference-applied')).toBe('wait=1')
    expect(((await res.json()) as CheckRecord).status).toBe('pending')
  })

  it('answers 503 storage_unavailable when S3 cannot be written, and frees the idempotency key', async () => {
    const broken = createS3Storage({ ...stack.s3, endpoint: 'http://127.0.0.1:9', bucket: 'none' })
    const res = await post(app({ storage: broken }), { 'idempotency-key': 'retry-me' })
    expect(res.status).toBe(503)
    expect(((await res.json()) as { error: { code: string; retryable: boolean } }).error).toMatchObject({
      code: 'storage_unavailable',
      retryable: true,
    })
    expect((await post(app(), { 'idempotency-key': 'retry-me' })).status).toBe(202)
  })

  it('refuses with 422 expectation_invalid, storing nothing, when the profile refuses a missing required member', async () => {
    const tenant = await newTenant('gw-refuse')
    await store().profiles.save(tenant.id, 'default', {
      expectation: { required_members: ['amount', 'currency'], missing: 'refuse' },
    })
    const res = await post(
      pinningApp(),
      { 'idempotency-key': 'refused-1' },
      {
        apiKey: tenant.key,
        expectation: '{"order_ref":"o-2","currency":"RUB"}',
      },
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as { error: { code: string; param: string; details: unknown[] } }
    expect(body.error).toMatchObject({ code: 'expectation_invalid', param: 'expectation' })
    expect(body.error.details).toEqual([{ path: '/amount', message: 'is required by profile default v2' }])
    expect(await store().db.collection('checks').countDocuments({ tenant_id: tenant.id })).toBe(0)
    expect(await store().db.collection('idempotency').countDocuments({ tenant_id: tenant.id })).toBe(0)
    const ok = await post(
      pinningApp(),
      { 'idempotency-key': 'refused-1' },
      {
        apiKey: tenant.key,
        expectation: '{"order_ref":"o-2","currency":"RUB","amount":600}',
      },
    )
    expect(ok.status).toBe(202)
    expect(((await ok.json()) as CheckRecord).profile_version).toBe(2)
  })

  it('pins a check to the profile version current at submission; a change makes a new version', async () => {
    const tenant = await newTenant('gw-versions')
    const submit = async () => {
      const res = await post(pinningApp(), {}, { apiKey: tenant.key })
      expect(res.status).toBe(202)
      const { id } = (await res.json()) as CheckRecord
      return (await store().checks.findRecord(tenant.id, id))?.profile_version
    }
    expect(await submit()).toBe(1)
    const v2 = await store().profiles.save(tenant.id, 'default', {
      replay: {
        identical_file: 'reject',
        same_receipt: 'review',
        operation_id_reused: 'reject',
        cross_tenant: false,
        cross_tenant_action: 'review',
      },
    })
    expect(v2.version).toBe(2)
    expect(await submit()).toBe(2)
    const v3 = await store().profiles.save(tenant.id, 'default', {
      document: { forged: 'reject', suspicious: 'reject', unknown_family: 'review' },
    })
    expect(v3.version).toBe(3)
    expect(await submit()).toBe(3)
    expect((await store().profiles.find(tenant.id, 'default', 2))?.document.suspicious).toBe('review')
  })
})
