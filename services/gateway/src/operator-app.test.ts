import { createLogger } from '@rv/logger'
import { describe, expect, it } from 'vitest'
import { createApp } from './app'
import type { GatewayDeps } from './gateway-deps'
import { createOperatorApp } from './operator-app'

const logger = createLogger({ level: 'silent' })

describe('the operator port and the public port', () => {
  it('serves /readyz, /healthz and /metrics on the operator port', async () => {
    const operator = createOperatorApp({ logger, probes: { mongo: async () => {} } })
    expect((await operator.request('/readyz')).status).toBe(200)
    expect((await operator.request('/healthz')).status).toBe(200)
    // 404 only while metrics are disabled: the route itself is there (http-observability.test.ts).
    expect([200, 404]).toContain((await operator.request('/metrics')).status)
    expect((await operator.request('/v1/checks')).status).toBe(404)
  })

  it('serves neither /metrics nor /readyz on the public port, only /healthz', async () => {
    const app = createApp({
      logger,
      tenants: { authenticate: async () => undefined },
      limits: { maxFileBytes: 1024, maxWaitSeconds: 1, waitPollMs: 50 },
      defaultProfile: { name: 'default', version: 1 },
    } as unknown as GatewayDeps)
    expect((await app.request('/healthz')).status).toBe(200)
    const routes = app.routes.map((r) => r.path)
    expect(routes).not.toContain('/metrics')
    expect(routes).not.toContain('/readyz')
    expect((await app.request('/metrics')).status).toBe(404)
    expect((await app.request('/readyz')).status).toBe(404)
  })
})
