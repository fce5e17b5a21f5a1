import { Hono } from 'hono'
import type { GatewayEnv } from '../gateway-env'

/**
 * `/healthz`: the process answers (liveness). `/readyz`: every dependency answered its probe within
 * `timeoutMs` (readiness), with the per-dependency result in the body.
 */
export function healthRoutes(
  probes: Record<string, () => Promise<void>>,
  options: { timeoutMs?: number } = {},
) {
  const timeoutMs = options.timeoutMs ?? 2000
  const app = new Hono<GatewayEnv>()
  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.get('/readyz', async (c) => {
    const entries = await Promise.all(
      Object.entries(probes).map(async ([name, probe]) => {
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)
        })
        try {
          await Promise.race([probe(), timeout])
          return [name, 'ok'] as const
        } catch {
          return [name, 'unavailable'] as const
        } finally {
          clearTimeout(timer)
        }
      }),
    )
    const ready = entries.every(([, state]) => state === 'ok')
    return c.json(
      { status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(entries) },
      ready ? 200 : 503,
    )
  })
  return app
}
