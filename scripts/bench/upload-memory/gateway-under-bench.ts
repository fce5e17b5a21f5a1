/**
 * The gateway's HTTP app in a process of its own, for `bench:upload` (scripts/bench/upload-memory.ts):
 * the real store and S3 of the stack, the publish a no-op (an event carries no file bytes). Started with
 * `--expose-gc`; it prints `{"port":N,"apiKey":"…"}` once listening, then answers IPC messages:
 * `baseline` (collect garbage, start sampling) and `report` (the peaks since the baseline).
 *
 * `--app` and `--storage` name the modules to load, so the same bench runs another checkout's code.
 */
import { parseArgs } from 'node:util'
import { serve } from '@hono/node-server'
import { createLogger } from '@rv/logger'
import { connectStore } from '@rv/store'
import { stackFromEnv } from '@rv/testing'

const { values } = parseArgs({
  options: {
    app: { type: 'string' },
    storage: { type: 'string' },
    database: { type: 'string' },
    bucket: { type: 'string' },
    'max-file-bytes': { type: 'string', default: String(10 * 1024 * 1024) },
  },
})
const stack = stackFromEnv(process.env)
if (!stack || !values.app || !values.storage || !values.database || !values.bucket)
  throw new Error('needs the stack environment, --app, --storage, --database and --bucket')

const { createApp } = (await import(values.app)) as typeof import('../../../services/gateway/src/app')
const { createS3Storage } = (await import(values.storage)) as typeof import('@rv/storage')
const store = await connectStore({ url: stack.mongoUrl, database: values.database })
await store.ensureIndexes()
const storage = createS3Storage({ ...stack.s3, bucket: values.bucket })
await storage.ensure()
const tenant = await store.tenants.createTenant('bench-upload')
const { key } = await store.tenants.createKey(tenant._id)

const app = createApp({
  logger: createLogger({ level: 'silent' }),
  checks: store.checks,
  tenants: store.tenants,
  idempotency: store.idempotency,
  storage,
  publishSubmitted: async () => undefined,
  limits: { maxFileBytes: Number(values['max-file-bytes']), maxWaitSeconds: 1, waitPollMs: 50 },
  defaultProfile: { name: 'default', version: 1 },
  rateLimit: { capacity: 1000, refillPerSecond: 1000 },
  concurrency: { maxPerTenant: 1000 },
})

type Usage = ReturnType<typeof process.memoryUsage>
const fields = ['rss', 'heapUsed', 'external', 'arrayBuffers'] as const
let base: Usage = process.memoryUsage()
let peak: Usage = base
let sampler: NodeJS.Timeout | undefined

process.on('message', (message: string) => {
  if (message === 'baseline') {
    ;(globalThis as { gc?: () => void }).gc?.()
    base = process.memoryUsage()
    peak = { ...base }
    clearInterval(sampler)
    sampler = setInterval(() => {
      const now = process.memoryUsage()
      for (const f of fields) peak[f] = Math.max(peak[f], now[f])
    }, 2)
    process.send?.({ baseline: true })
  } else if (message === 'report') {
    clearInterval(sampler)
    const growth = Object.fromEntries(fields.map((f) => [f, peak[f] - base[f]]))
    process.send?.({ base, peak, growth, maxRssKernel: process.resourceUsage().maxRSS * 1024 })
  } else if (message === 'stop') {
    void store.close().then(() => process.exit(0))
  }
})

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.send?.({ port: info.port, apiKey: key })
})
void server
