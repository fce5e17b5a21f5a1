import { createMiddleware } from 'hono/factory'
import { ApiError } from '../../api-error'
import type { GatewayEnv } from '../../gateway-env'
import { createTokenBuckets, type TokenBucketOptions } from './token-bucket'

export interface RateLimitOptions extends Partial<TokenBucketOptions> {
  /** Clock in ms; injected by tests. */
  now?: () => number
}

/** Defaults: bursts of 20, 10 requests per second sustained, per tenant and gateway instance. */
export const defaultRateLimit = { capacity: 20, refillPerSecond: 10 } as const

/**
 * Per-tenant token-bucket rate limit; runs after authentication. Every response it lets through carries
 * `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; an empty bucket is a 429 `rate_limited`
 * (retryable) with `Retry-After`. Buckets live in the instance: N gateway instances allow N times the rate,
 * which is the documented trade for not putting a shared store on every request.
 *
 * @example
 * app.use('/v1/*', bearerAuth(...), rateLimit({ capacity: 20, refillPerSecond: 10 }))
 */
export function rateLimit(options: RateLimitOptions = {}) {
  const buckets = createTokenBuckets({
    capacity: options.capacity ?? defaultRateLimit.capacity,
    refillPerSecond: options.refillPerSecond ?? defaultRateLimit.refillPerSecond,
  })
  const now = options.now ?? Date.now
  let lastPrune = now()
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const at = now()
    if (at - lastPrune > 60_000) {
      buckets.prune(at)
      lastPrune = at
    }
    const result = buckets.take(c.get('tenant').id, at)
    const headers = {
      'ratelimit-limit': String(buckets.capacity),
      'ratelimit-remaining': String(result.remaining),
      'ratelimit-reset': String(result.resetSeconds),
    }
    if (!result.allowed) {
      throw new ApiError(429, 'rate_limited', {
        message: `Too many requests; retry after ${result.retryAfterSeconds} s.`,
        retryable: true,
        headers: { ...headers, 'retry-after': String(result.retryAfterSeconds) },
      })
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value)
    await next()
  })
}
