import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { errorHandler } from '../../error-handler/error-handler'
import type { GatewayEnv } from '../../gateway-env'
import { rateLimit } from './rate-limit'

function app(now: () => number) {
  const a = new Hono<GatewayEnv>()
  a.use(async (c, next) => {
    c.set('requestId', 'req_test')
    c.set('tenant', { id: c.req.header('x-tenant') ?? 't1', profile: undefined })
    await next()
  })
  a.use(rateLimit({ capacity: 2, refillPerSecond: 1, now }))
  a.get('/x', (c) => c.json({ ok: true }))
  a.onError(errorHandler())
  return a
}

describe('rateLimit', () => {
  it('given an empty bucket, then 429 rate_limited with Retry-After; other tenants unaffected', async () => {
    let t = 0
    const a = app(() => t)
    const first = await a.request('/x')
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-limit')).toBe('2')
    expect(first.headers.get('ratelimit-remaining')).toBe('1')
    expect((await a.request('/x')).status).toBe(200)
    const limited = await a.request('/x')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1')
    const body = (await limited.json()) as { error: { code: string; retryable: boolean; type: string } }
    expect(body.error).toMatchObject({ code: 'rate_limited', retryable: true, type: 'rate_limit_error' })
    expect((await a.request('/x', { headers: { 'x-tenant': 't2' } })).status).toBe(200)
    t = 1000
    expect((await a.request('/x')).status).toBe(200)
  })
})
