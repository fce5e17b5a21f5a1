import { describe, expect, it } from 'vitest'
import { healthRoutes } from './health-routes'

describe('healthRoutes', () => {
  it('is live regardless of dependencies', async () => {
    const res = await healthRoutes({ mongo: () => Promise.reject(new Error('down')) }).request('/healthz')
    expect(res.status).toBe(200)
  })

  it('is ready only when every probe succeeds', async () => {
    const ok = healthRoutes({ mongo: async () => {}, s3: async () => {} })
    expect((await ok.request('/readyz')).status).toBe(200)
    const down = healthRoutes({ mongo: async () => {}, kafka: () => Promise.reject(new Error('down')) })
    const res = await down.request('/readyz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: 'unavailable', checks: { mongo: 'ok', kafka: 'unavailable' } })
  })

  it('treats a hanging probe as unavailable', async () => {
    const res = await healthRoutes({ slow: () => new Promise(() => {}) }, { timeoutMs: 20 }).request(
      '/readyz',
    )
    expect(res.status).toBe(503)
  })
})

describe('healthRoutes: readiness is cached, probes run at a bounded rate', () => {
  it('probes at most once per refresh interval, however many requests arrive', async () => {
    let calls = 0
    let clock = 0
    const app = healthRoutes(
      {
        mongo: async () => {
          calls++
        },
      },
      { refreshMs: 5000, now: () => clock },
    )
    const first = await Promise.all(Array.from({ length: 50 }, () => app.request('/readyz')))
    for (let i = 0; i < 50; i++) expect((await app.request('/readyz')).status).toBe(200)
    expect(first.every((res) => res.status === 200)).toBe(true)
    expect(calls).toBe(1)
    clock = 4999
    await app.request('/readyz')
    expect(calls).toBe(1)
    clock = 5000
    await Promise.all(Array.from({ length: 10 }, () => app.request('/readyz')))
    expect(calls).toBe(2)
  })

  it('answers the state the last probe round found, until the next round', async () => {
    let up = true
    let clock = 0
    const app = healthRoutes(
      { mongo: () => (up ? Promise.resolve() : Promise.reject(new Error('down'))) },
      { refreshMs: 1000, now: () => clock },
    )
    expect((await app.request('/readyz')).status).toBe(200)
    up = false
    expect((await app.request('/readyz')).status).toBe(200)
    clock = 1000
    const res = await app.request('/readyz')
    expect(res.status).toBe(503)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})
