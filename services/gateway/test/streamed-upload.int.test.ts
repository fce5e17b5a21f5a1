import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { buildMinimalPdf } from '@rv/core/testing'
import { allTopics, createEventBus, type EventBus, eventTopics, physicalTopic } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { createS3Storage, tenantFilePrefix } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup, randomName } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApp } from '../src/app'
import { countingStream, multipartType, partHead } from '../src/contract/streamed-upload/multipart-test-body'

/** Uploads streamed through the real HTTP server into the real S3, store and Kafka (issue 19). */
const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-upload')
const store = useTestStore('it-upload', connectStore)
const prefix = `${randomName('it-upload')}.`
const bucket = cleanup.bucket()
const maxFileBytes = 10 * 1024 * 1024
const storage = () => createS3Storage({ ...stack.s3, bucket })
let bus: EventBus
const seen = new Map<string, CheckSubmittedV1>()

function app() {
  return createApp({
    logger: createLogger({ level: 'silent' }),
    checks: store().checks,
    tenants: store().tenants,
    idempotency: store().idempotency,
    storage: storage(),
    publishSubmitted: (s) => bus.publish('check.submitted.v1', s.check_id, s),
    limits: { maxFileBytes, maxWaitSeconds: 1, waitPollMs: 50 },
    defaultProfile: { name: 'default', version: 1 },
  })
}
async function newTenant() {
  const tenant = await store().tenants.createTenant(randomName('upload'))
  return { id: tenant._id, key: (await store().tenants.createKey(tenant._id)).key }
}
async function until<T>(read: () => T | undefined): Promise<T> {
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    await new Promise((r) => setTimeout(r, 50))
  }
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

beforeAll(async () => {
  await storage().ensure()
  for (const t of allTopics) cleanup.topic(physicalTopic(prefix, t))
  for (const t of eventTopics) cleanup.subject(`${physicalTopic(prefix, t)}-value`)
  bus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: 'it-upload',
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: prefix,
    shutdown: false,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  await bus.consume({
    groupId: randomName('it-upload'),
    topics: ['check.submitted.v1'],
    handle: async ({ key, value }) => {
      seen.set(key, value)
    },
  })
})

afterAll(async () => {
  await bus.close()
  await cleanup.run()
})

describe('streamed uploads on the real stack', () => {
  it('accepts a 9 MiB PDF over HTTP, expectation after the file: stored whole, digest and size in the event', async () => {
    const pdf = buildMinimalPdf({ pages: [['Receipt']], contentPadding: 9 * 1024 * 1024 })
    const tenant = await newTenant()
    const server = serve({ fetch: app().fetch, hostname: '127.0.0.1', port: 0 })
    try {
      await new Promise((resolve) => server.once('listening', resolve))
      const { port } = server.address() as AddressInfo
      const post = () => {
        const form = new FormData()
        form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'big.pdf')
        form.set('expectation', '{"order_ref":"o-big"}')
        return fetch(`http://127.0.0.1:${port}/v1/checks`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${tenant.key}`, 'idempotency-key': 'big-1' },
        })
      }
      const res = await post()
      expect(res.status).toBe(202)
      const record = (await res.json()) as CheckRecord
      const submitted = await until(() => seen.get(record.id))
      expect(submitted.file).toMatchObject({ sha256: sha256(pdf), size: pdf.byteLength, filename: 'big.pdf' })
      expect(submitted.expectation).toEqual({ order_ref: 'o-big' })
      expect(sha256(await storage().get(submitted.file.key))).toBe(sha256(pdf))
      expect((await store().checks.findDocument(record.id))?.published).toBe(true)

      // The same request again: the digest computed while streaming gives the same fingerprint.
      const replay = await post()
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(((await replay.json()) as CheckRecord).id).toBe(record.id)
    } finally {
      server.close()
    }
  })

  it('refuses a file far over the limit after reading the limit and one chunk, storing nothing', async () => {
    const tenant = await newTenant()
    const chunkBytes = 64 * 1024
    const body = countingStream({
      prefix: partHead({ name: 'file', filename: 'huge.pdf', bytes: new Uint8Array() }),
      fillerBytes: 10 * maxFileBytes,
      chunkBytes,
    })
    const res = await app().request('/v1/checks', {
      method: 'POST',
      body: body.stream,
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': multipartType },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('file_too_large')
    // Before streaming, the body limit read the file's limit plus 64 KiB of envelope allowance first.
    expect(body.pulled()).toBeLessThanOrEqual(maxFileBytes + chunkBytes + 1024)
    expect(await storage().removePrefix(tenantFilePrefix(tenant.id))).toBe(0)
  })
})
