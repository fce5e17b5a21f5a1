import { Hono } from 'hono'
import type { Handler } from 'hono/types'
import type { GatewayEnv } from '../gateway-env'
import { type CachedReadinessOptions, cachedReadiness } from './cached-readiness'

/** `/healthz`: the process answers. Served on the public port too (a load balancer's check). */
export const liveness: Handler<GatewayEnv> = (c) => c.json({ status: 'ok' })

/**
 * `/healthz`: the process answers (liveness). `/readyz`: every dependency answered its probe within
 * `timeoutMs` (readiness), with the per-dependency result in the body — from the last probe round, run at
 * most once per `refreshMs` (cached-readiness.ts), so a flood of probes costs the dependencies nothing more.
 */
export function healthRoutes(
  probes: Record<string, () => Promise<void>>,
  options: CachedReadinessOptions = {},
) {
  const readiness = cachedReadiness(probes, options)
  const app = new Hono<GatewayEnv>()
  app.get('/healthz', liveness)
  app.get('/readyz', async (c) => {
    const { ready, checks } = await readiness()
    c.header('cache-control', 'no-store')
    return c.json({ status: ready ? 'ready' : 'unavailable', checks }, ready ? 200 : 503)
  })
  return app
}
