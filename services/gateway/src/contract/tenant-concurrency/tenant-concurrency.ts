import { createMiddleware } from 'hono/factory'
import { ApiError } from '../../api-error'
import type { GatewayEnv } from '../../gateway-env'

export interface TenantConcurrencyOptions {
  /** Requests of one tenant in progress at once in this gateway instance (default 32). */
  maxPerTenant?: number
}

export const defaultMaxConcurrentPerTenant = 32

/**
 * A cap on one tenant's requests in progress (uploads being read, `Prefer: wait` held open), after
 * authentication: the token bucket bounds how often a tenant starts requests, not how many it keeps open,
 * and a tenant holding hundreds of 30 s waits or slow uploads would take the instance's memory and store
 * connections from the others. Past the cap: 429 `rate_limited` (retryable) with `Retry-After: 1`.
 *
 * @example
 * app.use('/v1/*', bearerAuth(...), tenantConcurrency({ maxPerTenant: 32 }))
 */
export function tenantConcurrency(options: TenantConcurrencyOptions = {}) {
  const max = options.maxPerTenant ?? defaultMaxConcurrentPerTenant
  const inProgress = new Map<string, number>()
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const tenant = c.get('tenant').id
    const count = inProgress.get(tenant) ?? 0
    if (count >= max) {
      throw new ApiError(429, 'rate_limited', {
        message: `Too many requests in progress (${max}); retry after 1 s.`,
        retryable: true,
        headers: { 'retry-after': '1' },
      })
    }
    inProgress.set(tenant, count + 1)
    try {
      await next()
    } finally {
      const left = (inProgress.get(tenant) ?? 1) - 1
      if (left === 0) inProgress.delete(tenant)
      else inProgress.set(tenant, left)
    }
  })
}
