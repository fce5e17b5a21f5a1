import { renderMetrics } from '@rv/observability'
import { Hono } from 'hono'
import type { GatewayEnv } from '../gateway-env'

/**
 * `GET /metrics`: the Prometheus exposition of this gateway; 404 while metrics are disabled. Like the
 * probes it needs no API key, so the ingress in front should route only `/v1` to the gateway.
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
