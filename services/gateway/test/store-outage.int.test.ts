/**
 * The record store going away under a running gateway: every request gets the documented coded 503 with
 * `Retry-After`, and gets it at all — well before a client's own 30 s abort — instead of hanging; once the
 * store is back the same gateway accepts checks again. The store is a real server behind a TCP relay that
 * the test cuts (the shared server itself keeps running for other tests).
 */
import { buildMinimalPdf } from '@rv/core/testing'
import { createLogger } from '@rv/logger'
import { createS3Storage } from '@rv/storage'
import { connectStore, type Store } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApp } from '../src/app'
import { relayTo, type TcpOutage } from './tcp-outage'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-store-outage')
const bucket = cleanup.bucket()
const pdf = buildMinimalPdf({ pages: [['Receipt']] })
/** What a merchant's HTTP client waits before giving up; the answer must come before it. */
const CLIENT_ABORT_MS = 30_000
let relay: TcpOutage
let store: Store
let key: string
let app: ReturnType<typeof createApp>

beforeAll(async () => {
  const url = new URL(stack.mongoUrl)
  relay = await relayTo({ host: url.hostname, port: Number(url.port) })
  url.host = relay.address
  store = await connectStore({ url: url.toString(), database: cleanup.database() })
  await store.ensureIndexes()
  const tenant = await store.tenants.createTenant('outage')
  key = (await store.tenants.createKey(tenant._id)).key
  const storage = createS3Storage({ ...stack.s3, bucket })
  await storage.ensure()
  app = createApp({
    logger: createLogger({ level: 'silent' }),
    checks: store.checks,
    tenants: store.tenants,
    idempotency: store.idempotency,
    storage,
    // The bus is not what this test takes away.
    publishSubmitted: async () => undefined,
    limits: { maxFileBytes: 1024 * 1024, maxWaitSeconds: 1, waitPollMs: 50 },
    defaultProfile: { name: 'default', version: 1 },
    pinProfile: (tenantId) => store.profiles.latest(tenantId, 'default'),
  })
})

afterAll(async () => {
  await relay?.restore().catch(() => undefined)
  await store?.close()
  await relay?.close()
  await cleanup.run()
})

function post(): Promise<Response> {
  const form = new FormData()
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'r.pdf')
  form.set('expectation', '{"order_ref":"o-1"}')
  return answered(
    app.request('/v1/checks', { method: 'POST', body: form, headers: { authorization: `Bearer ${key}` } }),
  )
}

/** The response, or a failure naming the hang if none came before the client would have aborted. */
async function answered(response: Response | Promise<Response>): Promise<Response> {
  let timer: NodeJS.Timeout | undefined
  const abort = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CLIENT_ABORT_MS} ms`)), CLIENT_ABORT_MS)
  })
  try {
    return await Promise.race([response, abort])
  } finally {
    clearTimeout(timer)
  }
}

async function expectStoreUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  const body = (await res.json()) as { error: { code: string; retryable: boolean } }
  expect(body.error).toMatchObject({ code: 'store_unavailable', retryable: true })
}

describe('gateway while the record store is down', () => {
  it('accepts a check while the store answers', async () => {
    expect((await post()).status).toBe(202)
  })

  it(
    'answers POST and GET with a coded 503 and Retry-After, never hanging',
    async () => {
      await relay.cut()
      await expectStoreUnavailable(await post())
      await expectStoreUnavailable(
        await answered(
          app.request('/v1/checks/chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W', {
            headers: { authorization: `Bearer ${key}` },
          }),
        ),
      )
    },
    2 * CLIENT_ABORT_MS + 10_000,
  )

  it(
    'accepts checks again once the store is back',
    async () => {
      await relay.restore()
      // The driver rediscovers the server on its own schedule; a retryable 503 meanwhile is the contract.
      for (;;) {
        const res = await post()
        if (res.status === 202) break
        await expectStoreUnavailable(res)
      }
    },
    2 * CLIENT_ABORT_MS + 10_000,
  )
})
