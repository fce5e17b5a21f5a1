/**
 * The shared rate limit of two gateway replicas on the real store: admissions counted in memory, synced in
 * the background (one bulk write and one read per sync), and the limit held across the replicas.
 */
import { createRateWindowRepository } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { Hono } from 'hono'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sharedRateLimit } from '../src/contract/shared-rate-limit/shared-rate-limit'
import { errorHandler } from '../src/error-handler/error-handler'
import type { GatewayEnv } from '../src/gateway-env'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-shared-limit')
let client: MongoClient

beforeAll(async () => {
  client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  await client.connect()
})

afterAll(async () => {
  await client.close()
  await cleanup.run()
})

function gatewayReplica(writer: string, database: string) {
  const repository = createRateWindowRepository(client.db(database), { writer })
  const limiter = sharedRateLimit({
    limit: 6,
    windowMs: 60_000,
    syncMs: 250,
    syncWindow: repository.syncWindow,
  })
  const app = new Hono<GatewayEnv>()
  app.use(async (c, next) => {
    c.set('requestId', 'req_test')
    c.set('tenant', { id: c.req.header('x-tenant') ?? 'ten_shared', profile: undefined })
    await next()
  })
  app.use(limiter)
  app.get('/x', (c) => c.json({ ok: true }))
  app.onError(errorHandler())
  return { repository, limiter, app }
}

describe('shared rate limit on the real store', () => {
  it('holds one limit across two replicas that sync between requests, and each tenant has its own', async () => {
    const database = cleanup.database()
    const a = gatewayReplica('a', database)
    const b = gatewayReplica('b', database)
    await a.repository.ensureIndexes()
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const [took, other] = i % 2 === 0 ? [a, b] : [b, a]
      statuses.push((await took.app.request('/x')).status)
      // Synced between requests: the one that admitted writes, then the other reads.
      await took.limiter.flush()
      await other.limiter.flush()
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(6)
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429])
    expect((await b.app.request('/x', { headers: { 'x-tenant': 'ten_other' } })).status).toBe(200)
    const stored = await client.db(database).collection('rate_windows').find({}).toArray()
    const counts = Object.fromEntries(
      stored.map((d) => [`${d.tenant_window.split(':')[0]}:${d.writer}`, d.count]),
    )
    await b.limiter.flush()
    expect(counts).toMatchObject({ 'ten_shared:a': 3, 'ten_shared:b': 3 })
  })
})
