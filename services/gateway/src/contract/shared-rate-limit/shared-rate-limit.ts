import { createMiddleware } from 'hono/factory'
import { ApiError } from '../../api-error'
import type { GatewayEnv } from '../../gateway-env'

export interface SharedRateLimitOptions {
  /** Requests a tenant may make per window, across every gateway replica. */
  limit: number
  windowMs: number
  /** Least time between two store round trips of one replica for one tenant. */
  syncMs: number
  /**
   * Writes this replica's count of a tenant's window, drops its `previousWindow` document, and answers the
   * other replicas' counts (`@rv/store` rate-window-repository.ts).
   */
  sync: (tenantId: string, window: number, count: number, previousWindow?: number) => Promise<number>
  now?: () => number
}

interface TenantWindow {
  window: number
  count: number
  others: number
  syncedAt: number
  previous?: number
}

/**
 * A per-tenant limit shared by the gateway's replicas: fixed windows counted in the store. A replica counts
 * locally and, at most once per `syncMs` per tenant, writes its count and reads the others' (one `$set`
 * and one indexed read; the request that triggers it waits for it). The total may overshoot by what the
 * other replicas admitted since their last sync — bounded by `syncMs` × the tenant's rate. A store that
 * cannot be reached lets requests through (the per-instance token bucket still holds). Past the limit:
 * 429 `rate_limited`, `Retry-After` until the window ends.
 *
 * @example
 * app.use('/v1/*', bearerAuth(...), sharedRateLimit({ limit: 600, windowMs: 60_000, syncMs: 250, sync: store.rateWindows.sync }))
 */
export function sharedRateLimit(options: SharedRateLimitOptions) {
  const now = options.now ?? Date.now
  const tenants = new Map<string, TenantWindow>()
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const tenantId = c.get('tenant').id
    const at = now()
    const window = Math.floor(at / options.windowMs)
    let state = tenants.get(tenantId)
    if (!state || state.window !== window) {
      if (tenants.size > 10_000) tenants.clear()
      state = { window, count: 0, others: 0, syncedAt: Number.NEGATIVE_INFINITY, previous: state?.window }
      tenants.set(tenantId, state)
    }
    if (at - state.syncedAt >= options.syncMs) {
      state.syncedAt = at
      const { previous } = state
      state.previous = undefined
      try {
        // This request counted in: the others see it before it is admitted (a refused one is over-counted,
        // the safe side, until the next sync).
        state.others = await options.sync(tenantId, window, state.count + 1, previous)
      } catch {
        // Fail open: the per-instance bucket still limits.
      }
    }
    if (state.count + state.others >= options.limit) {
      const retryAfter = Math.max(1, Math.ceil(((window + 1) * options.windowMs - at) / 1000))
      throw new ApiError(429, 'rate_limited', {
        message: `Too many requests in this window; retry after ${retryAfter} s.`,
        retryable: true,
        headers: { 'retry-after': String(retryAfter) },
      })
    }
    state.count++
    await next()
  })
}
