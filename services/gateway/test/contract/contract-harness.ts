/**
 * A gateway on the real stack (FerretDB, MinIO, Kafka + registry) for the contract tests, and the check
 * that a response is one the OpenAPI document declares for the operation, with a conforming body.
 */
import { buildMinimalPdf } from '@rv/core/testing'
import { allTopics, createEventBus, type EventBus, eventTopics, physicalTopic } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { createOpenApiContract } from '@rv/schemas/openapi'
import { createS3Storage, type FileStorage } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import type { StackConfig } from '@rv/testing'
import { type Cleanup, createCleanup, randomName } from '@rv/testing'
import { createApp } from '../../src/app'
import type { GatewayDeps } from '../../src/gateway-deps'

export const pdf = buildMinimalPdf({ pages: [['Receipt']] })
export const contract = createOpenApiContract()

export interface Harness {
  store: Store
  /** The bus on the harness's own topic prefix. */
  bus: EventBus
  storage: FileStorage
  key: string
  tenantId: string
  app(overrides?: Partial<GatewayDeps>): ReturnType<typeof createApp>
  close(): Promise<void>
}

export async function startHarness(stack: StackConfig, name: string): Promise<Harness> {
  const cleanup: Cleanup = createCleanup(stack, name)
  const prefix = `${randomName(name)}.`
  const bucket = cleanup.bucket()
  const store = await connectStore({ url: stack.mongoUrl, database: cleanup.database() })
  await store.ensureIndexes()
  const storage = createS3Storage({ ...stack.s3, bucket })
  await storage.ensure()
  const tenant = await store.tenants.createTenant(name)
  const { key } = await store.tenants.createKey(tenant._id)
  for (const t of allTopics) cleanup.topic(physicalTopic(prefix, t))
  for (const t of eventTopics) cleanup.subject(`${physicalTopic(prefix, t)}-value`)
  const bus: EventBus = createEventBus({
    brokers: stack.kafkaBrokers,
    clientId: name,
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: prefix,
    shutdown: false,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  return {
    store,
    bus,
    storage,
    key,
    tenantId: tenant._id,
    app: (overrides = {}) =>
      createApp({
        logger: createLogger({ level: 'silent' }),
        checks: store.checks,
        tenants: store.tenants,
        idempotency: store.idempotency,
        storage,
        publishSubmitted: (s) => bus.publish('check.submitted.v1', s.check_id, s),
        limits: { maxFileBytes: 64 * 1024, maxWaitSeconds: 2, waitPollMs: 50 },
        defaultProfile: { name: 'default', version: 1 },
        rateLimit: { capacity: 10_000, refillPerSecond: 10_000 },
        ...overrides,
      }),
    async close() {
      await bus.close()
      await store.close()
      await cleanup.run()
    },
  }
}

export interface Seen {
  status: number
  body: unknown
  headers: Headers
}

/** Reads a response and fails (throws) unless the document declares it for the operation. */
export async function conforming(
  method: 'get' | 'post' | 'delete',
  path: string,
  res: Response,
): Promise<Seen> {
  const text = await res.text()
  let body: unknown
  if (text === '' && res.status === 204) {
    const check = contract.checkResponse(method, path, res.status, null)
    if (check.documentedAs === null || check.errors.length > 0)
      throw new Error(`${method} ${path} 204: ${check.errors.join('; ')}`)
    return { status: res.status, body: null, headers: res.headers }
  }
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`${method} ${path} ${res.status}: body is not JSON: ${text.slice(0, 200)}`)
  }
  if (!res.headers.get('content-type')?.startsWith('application/json')) {
    throw new Error(`${method} ${path} ${res.status}: content-type ${res.headers.get('content-type')}`)
  }
  const check = contract.checkResponse(method, path, res.status, body)
  if (check.documentedAs === null || check.errors.length > 0) {
    throw new Error(
      `${method} ${path} ${res.status} breaks the contract: ${check.errors.join('; ')} ${text.slice(0, 300)}`,
    )
  }
  return { status: res.status, body, headers: res.headers }
}

export function form(parts: {
  file?: Uint8Array | null
  filename?: string
  expectation?: string | string[]
}): FormData {
  const f = new FormData()
  if (parts.file !== null)
    f.set('file', new Blob([parts.file ?? pdf], { type: 'application/pdf' }), parts.filename ?? 'r.pdf')
  const e = parts.expectation
  if (typeof e === 'string') f.set('expectation', e)
  else if (Array.isArray(e)) for (const x of e) f.append('expectation', x)
  return f
}
