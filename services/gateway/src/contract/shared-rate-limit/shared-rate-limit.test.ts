import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../../error-handler/error-handler'
import type { GatewayEnv } from '../../gateway-env'
import { type SharedRateLimitOptions, sharedRateLimit } from './shared-rate-limit'

/** The store's contract (rate-window-repository.ts) over a Map: one count per tenant, window and writer. */
function sharedCounts() {
  const counts = new Map<string, number>()
  let syncs = 0
  return {
    get syncs() {
      return syncs
    },
    writer(name: string): SharedRateLimitOptions['sync'] {
      return async (tenant, window, count, previous) => {
        syncs++
        counts.set(`${tenant}:${window}:${name}`, count)
        if (previous !== undefined) counts.delete(`${tenant}:${previous}:${name}`)
        let others = 0
        for (const [key, n] of counts)
          if (key.startsWith(`${tenant}:${window}:`) && !key.endsWith(`:${name}`)) others += n
        return others
      }
    },
  }
}

function replica(options: SharedRateLimitOptions) {
  const a = new Hono<GatewayEnv>()
  a.use(async (c, next) => {
    c.set('requestId', 'req_test')
    c.set('tenant', { id: c.req.header('x-tenant') ?? 't1', profile: undefined })
    await next()
  })
  a.use(sharedRateLimit(options))
  a.get('/x', (c) => c.json({ ok: true }))
  a.onError(errorHandler())
  return a
}

describe('sharedRateLimit (one limit for all gateway replicas)', () => {
  it('counts a tenant across replicas: the limit holds whichever replica the requests reach', async () => {
    let t = 0
    const store = sharedCounts()
    const common = { limit: 10, windowMs: 60_000, syncMs: 0, now: () => t }
    const replicas = ['a', 'b', 'c'].map((name) => replica({ ...common, sync: store.writer(name) }))
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) statuses.push((await replicas[i % 3]!.request('/x')).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    const limited = await replicas[0]!.request('/x')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited')
    // Another tenant has its own count; the next window starts over.
    expect((await replicas[1]!.request('/x', { headers: { 'x-tenant': 't2' } })).status).toBe(200)
    t = 60_000
    expect((await replicas[2]!.request('/x')).status).toBe(200)
  })

  it('asks the store at most once per syncMs per tenant, however many requests arrive', async () => {
    let t = 0
    const store = sharedCounts()
    const a = replica({ limit: 1000, windowMs: 60_000, syncMs: 250, now: () => t, sync: store.writer('a') })
    for (let i = 0; i < 100; i++) expect((await a.request('/x')).status).toBe(200)
    expect(store.syncs).toBe(1)
    t = 250
    await a.request('/x')
    expect(store.syncs).toBe(2)
  })

  it('lets requests through when the store cannot be reached (the per-instance bucket still applies)', async () => {
    const a = replica({
      limit: 1,
      windowMs: 60_000,
      syncMs: 0,
      sync: () => Promise.reject(new Error('store down')),
    })
    expect((await a.request('/x')).status).toBe(200)
  })
})
