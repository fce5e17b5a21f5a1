import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../../error-handler/error-handler'
import type { GatewayEnv } from '../../gateway-env'
import { type SharedRateLimitOptions, sharedRateLimit } from './shared-rate-limit'

/** The store's contract (rate-window-repository.ts syncWindow) over a Map: one count per tenant, window and writer. */
function sharedCounts() {
  const counts = new Map<string, number>()
  const calls: { writer: string; window: number; tenants: string[] }[] = []
  return {
    calls,
    counts,
    writer(name: string): SharedRateLimitOptions['syncWindow'] {
      return async (window, written) => {
        calls.push({ writer: name, window, tenants: written.map((c) => c.tenantId) })
        for (const { tenantId, count } of written) counts.set(`${tenantId}:${window}:${name}`, count)
        const others = new Map<string, number>()
        for (const [key, n] of counts) {
          const [tenantId, w, writer] = key.split(':')
          if (Number(w) === window && writer !== name) others.set(tenantId!, (others.get(tenantId!) ?? 0) + n)
        }
        return others
      }
    },
  }
}

function replica(options: SharedRateLimitOptions) {
  const limiter = sharedRateLimit(options)
  const a = new Hono<GatewayEnv>()
  a.use(async (c, next) => {
    c.set('requestId', 'req_test')
    c.set('tenant', { id: c.req.header('x-tenant') ?? 't1', profile: undefined })
    await next()
  })
  a.use(limiter)
  a.get('/x', (c) => c.json({ ok: true }))
  a.onError(errorHandler())
  return { request: (path: string, init?: RequestInit) => a.request(path, init), flush: limiter.flush }
}

describe('sharedRateLimit (one limit for all gateway replicas)', () => {
  it('counts a tenant across replicas: synced between requests, the limit holds whichever replica they reach', async () => {
    let t = 0
    const store = sharedCounts()
    const common = { limit: 10, windowMs: 60_000, syncMs: 250, now: () => t }
    const replicas = ['a', 'b', 'c'].map((name) => replica({ ...common, syncWindow: store.writer(name) }))
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      statuses.push((await replicas[i % 3]!.request('/x')).status)
      for (const r of replicas) await r.flush()
    }
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

  it('never asks the store on a request: at most one background sync per syncMs carries every tenant', async () => {
    const store = sharedCounts()
    const a = replica({
      limit: 1000,
      windowMs: 60_000,
      syncMs: 60_000,
      now: () => 0,
      syncWindow: store.writer('a'),
    })
    for (let i = 0; i < 100; i++) {
      const tenant = `t${i % 4}`
      expect((await a.request('/x', { headers: { 'x-tenant': tenant } })).status).toBe(200)
    }
    // The first admission scheduled a sync at once; the next waits for syncMs (a minute here).
    await new Promise((r) => setTimeout(r, 50))
    expect(store.calls).toHaveLength(1)
    await a.flush()
    expect(store.calls).toHaveLength(2)
    expect([...new Set(store.calls.flatMap((c) => c.tenants))].sort()).toEqual(['t0', 't1', 't2', 't3'])
    expect(Object.fromEntries(store.counts)).toEqual({
      't0:0:a': 25,
      't1:0:a': 25,
      't2:0:a': 25,
      't3:0:a': 25,
    })
  })

  it("an idle replica's first sync reads the others' counts: it refuses once they reach the limit", async () => {
    const store = sharedCounts()
    const common = { limit: 5, windowMs: 60_000, syncMs: 0, now: () => 0 }
    const busy = replica({ ...common, syncWindow: store.writer('busy') })
    const idle = replica({ ...common, syncWindow: store.writer('idle') })
    expect((await idle.request('/x')).status).toBe(200)
    await idle.flush()
    for (let i = 0; i < 4; i++) expect((await busy.request('/x')).status).toBe(200)
    await busy.flush()
    expect((await busy.request('/x')).status).toBe(429)
    // idle has nothing new to write, yet its sync reads busy's 4: 1 + 4 is the limit.
    await idle.flush()
    expect((await idle.request('/x')).status).toBe(429)
  })

  it('lets requests through when the store cannot be reached (the per-instance bucket still applies)', async () => {
    const a = replica({
      limit: 1,
      windowMs: 60_000,
      syncMs: 0,
      syncWindow: () => Promise.reject(new Error('store down')),
    })
    expect((await a.request('/x')).status).toBe(200)
    await a.flush()
    expect((await a.request('/x')).status).toBe(429)
  })
})
