/**
 * The store commands the gateway sends for one POST /v1/checks, counted from the driver's command
 * monitoring on the real stack (docs/capacity.md, "Store commands per check").
 */
import { buildMinimalPdf } from '@rv/core/testing'
import { allTopics, createEventBus, type EventBus, eventTopics, physicalTopic } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { createS3Storage } from '@rv/storage'
import { connectStore, hashApiKey } from '@rv/store'
import { createCleanup, randomName, tallyCommands } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApp } from '../src/app'
import { cacheLookup } from '../src/lookup-cache/lookup-cache'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-gw-commands')
const store = useTestStore('it-gw-commands', connectStore)
const prefix = `${randomName('it-gw-commands')}.`
const bucketName = cleanup.bucket()
const pdf = buildMinimalPdf({ pages: [['Receipt']] })
let bus: EventBus
let key: string

beforeAll(async () => {
  await createS3Storage({ ...stack.s3, bucket: bucketName }).ensure()
  const tenant = await store().tenants.createTenant('gw-commands')
  key = (await store().tenants.createKey(tenant._id)).key
  for (const t of allTopics) cleanup.topic(physicalTopic(prefix, t))
  for (const t of eventTopics) cleanup.subject(`${physicalTopic(prefix, t)}-value`)
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'it-gw-commands',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: prefix,
    shutdown: false,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
})

afterAll(async () => {
  await bus.close()
  await cleanup.run()
})

/** The app as main.ts composes it for a POST (shared rate limit aside: not this count's subject). */
function app(ttlMs: number) {
  return createApp({
    logger: createLogger({ level: 'silent' }),
    checks: store().checks,
    tenants: {
      authenticate: cacheLookup((token) => store().tenants.authenticate(token), { ttlMs, keyOf: hashApiKey }),
    },
    idempotency: store().idempotency,
    storage: createS3Storage({ ...stack.s3, bucket: bucketName }),
    publishSubmitted: (s) => bus.publish('check.submitted.v1', s.check_id, s),
    limits: { maxFileBytes: 1024 * 1024, maxWaitSeconds: 1, waitPollMs: 50 },
    defaultProfile: { name: 'default', version: 1 },
    pinProfile: cacheLookup((tenantId) => store().profiles.latest(tenantId, 'default'), { ttlMs }),
  })
}

function post(a: ReturnType<typeof app>, headers: Record<string, string> = {}) {
  const form = new FormData()
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'r.pdf')
  form.set('expectation', '{"order_ref":"o-1"}')
  return a.request('/v1/checks', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${key}`, ...headers },
  })
}

describe('gateway store commands per submission', () => {
  it('counts a POST, uncached and with the lookups cached, with and without an idempotency key', async () => {
    const tally = tallyCommands(store().db.client)
    const cold = app(0)
    expect((await post(cold)).status).toBe(202)
    const uncached = tally.take()
    const warm = app(60_000)
    await post(warm)
    tally.take()
    expect((await post(warm)).status).toBe(202)
    const cached = tally.take()
    expect((await post(warm, { 'idempotency-key': randomName('k') })).status).toBe(202)
    const keyed = tally.take()
    tally.stop()
    // The check is written once: published before the insert, its outbox flag up in it (was insert + update).
    expect(uncached).toEqual([
      'find api_keys',
      'find tenants',
      'find profiles',
      'find profiles',
      'insert checks',
    ])
    expect(cached).toEqual(['insert checks'])
    expect(keyed).toEqual(['insert idempotency', 'insert checks'])
  })
})
