import { renderMetrics } from '@rv/observability'
import { Hono } from 'hono'
import type { GatewayEnv } from '../gateway-env'

/**
 * `GET /metrics`: the Prometheus exposition of this gateway; 404 while metrics are disabled. It needs no API
 * key, so it is served on the operator port only (operator-app.ts), which no ingress routes.
 */
export function metricsRoute() {
  const app = new Hono<GatewayEnv>()
  app.get('/metrics', async (c) => {
    const exposition = await renderMetrics()
    if (!exposition) return c.notFound()
    return c.body(exposition.body, 200, {
      'content-type': exposition.contentType,
      'cache-control': 'no-store',
    })
  })
  return app
}
