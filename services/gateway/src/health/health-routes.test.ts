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
