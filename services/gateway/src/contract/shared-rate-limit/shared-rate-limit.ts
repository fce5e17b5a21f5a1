import { createMiddleware } from 'hono/factory'
import { ApiError } from '../../api-error'
import type { GatewayEnv } from '../../gateway-env'
import { createWindowCounts, type PendingSync } from './window-counts'

export interface SharedRateLimitOptions {
  /** Requests a tenant may make per window, across every gateway replica. */
  limit: number
  windowMs: number
  /** Longest an admission waits before the store hears of it (one sync for every tenant at once). */
  syncMs: number
  /**
   * Writes this replica's counts of a window (every tenant with new admissions, maybe none) and answers,
   * per tenant of the window, the other replicas' counts (`@rv/store` rate-window-repository.ts `syncWindow`).
   */
  syncWindow: (window: number, counts: PendingSync['counts']) => Promise<ReadonlyMap<string, number>>
  now?: () => number
}

/** The middleware, plus `flush()`: runs a sync now if anything is pending (tests; a stopping gateway). */
export type SharedRateLimit = ReturnType<typeof createMiddleware<GatewayEnv>> & { flush(): Promise<void> }

/**
 * A per-tenant limit shared by the gateway's replicas: fixed windows counted in memory (window-counts.ts)
 * and synced with the store in the background — at most one sync in flight, at most one per `syncMs`,
 * none while no request comes: one bulk write of the tenants with new admissions and one read of the
 * window's counts, never on a request's path. The bound on over-admission is in window-counts.ts. A store that cannot be reached lets requests
 * through on the counts known (the per-instance token bucket still holds). Past the limit: 429
 * `rate_limited`, `Retry-After` until the window ends.
 *
 * @example
 * app.use('/v1/*', bearerAuth(...), sharedRateLimit({ limit: 600, windowMs: 60_000, syncMs: 250, syncWindow: store.rateWindows.syncWindow }))
 */
export function sharedRateLimit(options: SharedRateLimitOptions): SharedRateLimit {
  const now = options.now ?? Date.now
  const counts = createWindowCounts(options)
  let lastSyncAt = Number.NEGATIVE_INFINITY
  let inFlight: Promise<void> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  async function sync(): Promise<void> {
    const sent = counts.pending(now())
    lastSyncAt = now()
    try {
      counts.applySync(sent, await options.syncWindow(sent.window, sent.counts))
    } catch {
      // Fail open: the next admission schedules another attempt; the per-instance bucket still limits.
    }
  }

  function run(): Promise<void> {
    inFlight ??= sync().finally(() => {
      inFlight = undefined
    })
    return inFlight
  }

  function schedule(): void {
    if (timer) return
    timer = setTimeout(
      () => {
        timer = undefined
        void run().then(() => {
          if (counts.pending(now()).counts.length > 0) schedule()
        })
      },
      Math.max(0, lastSyncAt + options.syncMs - now()),
    )
    timer.unref?.()
  }

  const middleware = createMiddleware<GatewayEnv>(async (c, next) => {
    const admission = counts.admit(c.get('tenant').id, now())
    // A refusal schedules a sync too: the others' counts it refused on are read again.
    schedule()
    if (!admission.admitted) {
      const retryAfter = admission.retryAfterSeconds
      throw new ApiError(429, 'rate_limited', {
        message: `Too many requests in this window; retry after ${retryAfter} s.`,
        retryable: true,
        headers: { 'retry-after': String(retryAfter) },
      })
    }
    await next()
  })
  return Object.assign(middleware, {
    async flush() {
      if (timer) clearTimeout(timer)
      timer = undefined
      await inFlight
      await run()
    },
  })
}
