import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../../error-handler/error-handler'
import type { GatewayEnv } from '../../gateway-env'
import { tenantConcurrency } from './tenant-concurrency'

/** An app whose handler holds each request until `release()` is called. */
function app(maxPerTenant: number) {
  const held: (() => void)[] = []
  const a = new Hono<GatewayEnv>()
  a.use(async (c, next) => {
    c.set('requestId', 'req_test')
    c.set('tenant', { id: c.req.header('x-tenant') ?? 't1', profile: undefined })
    await next()
  })
  a.use(tenantConcurrency({ maxPerTenant }))
  a.get('/x', async (c) => {
    await new Promise<void>((resolve) => held.push(resolve))
    return c.json({ ok: true })
  })
  a.get('/fail', () => {
    throw new Error('boom')
  })
  a.onError(errorHandler())
  const releaseAll = () => {
    for (const r of held.splice(0)) r()
  }
  return { a, held, releaseAll }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('tenantConcurrency', () => {
  it('answers 429 rate_limited past maxPerTenant requests in progress; other tenants unaffected', async () => {
    const { a, held, releaseAll } = app(2)
    const first = a.request('/x')
    const second = a.request('/x')
    await tick()
    expect(held).toHaveLength(2)
    const third = await a.request('/x')
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('1')
    const body = (await third.json()) as { error: { code: string; retryable: boolean } }
    expect(body.error).toMatchObject({ code: 'rate_limited', retryable: true })
    const other = a.request('/x', { headers: { 'x-tenant': 't2' } })
    await tick()
    expect(held).toHaveLength(3)
    releaseAll()
    expect((await first).status).toBe(200)
    expect((await second).status).toBe(200)
    expect((await other).status).toBe(200)
    // Slots are given back: two more fit again.
    const again = [a.request('/x'), a.request('/x')]
    await tick()
    expect(held).toHaveLength(2)
    releaseAll()
    expect((await Promise.all(again)).map((r) => r.status)).toEqual([200, 200])
  })

  it('gives the slot back when the handler fails', async () => {
    const { a } = app(1)
    for (let i = 0; i < 3; i++) expect((await a.request('/fail')).status).toBe(500)
  })
})
