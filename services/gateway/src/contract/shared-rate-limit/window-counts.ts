/**
 * The shared rate limit's bookkeeping, without I/O: per tenant, the requests this replica admitted in the
 * current fixed window, how many of them the store has been told (`synced`), and the other replicas' count
 * as of the last sync (`others`). A request is admitted while admitted + others < limit, decided in memory;
 * the store hears about the admissions in batches (`pending` → the store → `applySync`), and each sync
 * reads back the others' counts of every tenant of the window, so every tenant's `others` is as fresh as
 * the replica's last sync.
 *
 * Within a window counts only grow, so `others` is never more than the truth and a refusal is always right.
 * An admission can be wrong by what the other replicas admitted and this one has not seen yet: a replica
 * under traffic writes and reads at least every `syncMs` (plus a sync's own time, s), so what it has not
 * seen is at most what the others admitted in the last 2 × syncMs + s. Across R replicas a window admits at
 * most limit + (R − 1) × (2 × syncMs + s) × r requests, r being the tenant's rate at one replica (capped by
 * the per-replica token bucket: RATE_LIMIT_PER_SECOND, burst RATE_LIMIT_BURST); at the defaults (250 ms,
 * 10/s) that is about 5 requests per other replica. A replica idle for a while decides its first
 * requests on older counts, until its first sync answers (one sync's time).
 */

export interface WindowCountsOptions {
  /** Requests a tenant may make per window, across every replica. */
  limit: number
  windowMs: number
  /** Tenants remembered at most; past it the map starts over (a forgotten tenant's others are re-read). */
  maxTenants?: number
}

interface TenantWindow {
  window: number
  admitted: number
  synced: number
  others: number
}

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number }

/** What one sync sends: this replica's count of each tenant with admissions the store has not heard of. */
export interface PendingSync {
  window: number
  counts: { tenantId: string; count: number }[]
}

export function createWindowCounts(options: WindowCountsOptions) {
  const maxTenants = options.maxTenants ?? 10_000
  const tenants = new Map<string, TenantWindow>()
  const windowOf = (at: number) => Math.floor(at / options.windowMs)
  return {
    /** Counts the request in when the tenant is under its limit as far as this replica knows. */
    admit(tenantId: string, at: number): Admission {
      const window = windowOf(at)
      let state = tenants.get(tenantId)
      if (!state || state.window !== window) {
        if (!state && tenants.size >= maxTenants) tenants.clear()
        state = { window, admitted: 0, synced: 0, others: 0 }
        tenants.set(tenantId, state)
      }
      if (state.admitted + state.others >= options.limit) {
        return {
          admitted: false,
          retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * options.windowMs - at) / 1000)),
        }
      }
      state.admitted++
      return { admitted: true }
    },
    /** The counts to write for the current window (maybe none); admissions of a past window are dropped. */
    pending(at: number): PendingSync {
      const window = windowOf(at)
      const counts: PendingSync['counts'] = []
      for (const [tenantId, state] of tenants)
        if (state.window === window && state.admitted > state.synced)
          counts.push({ tenantId, count: state.admitted })
      return { window, counts }
    },
    /** The store took `sent` and answered the other replicas' counts of the window's tenants. */
    applySync(sent: PendingSync, others: ReadonlyMap<string, number>): void {
      for (const { tenantId, count } of sent.counts) {
        const state = tenants.get(tenantId)
        if (state?.window === sent.window) state.synced = Math.max(state.synced, count)
      }
      for (const [tenantId, count] of others) {
        const state = tenants.get(tenantId)
        if (state?.window === sent.window) state.others = Math.max(state.others, count)
        // A tenant only the others admitted so far: its first request here already counts them.
        else if (!state && tenants.size < maxTenants)
          tenants.set(tenantId, { window: sent.window, admitted: 0, synced: 0, others: count })
      }
    },
  }
}

export type WindowCounts = ReturnType<typeof createWindowCounts>
