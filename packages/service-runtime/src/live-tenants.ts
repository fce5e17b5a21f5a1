/**
 * "Does this tenant still exist?", answered from memory for `ttlMs` after the store last found it: the
 * first look of the consumers that ask it for every message (settlement, the console's review feeder)
 * before writing, whose second look — after their write, uncached — is what guards an erasure. A tenant
 * erased within `ttlMs` is therefore still caught by that second look (its write taken back), exactly as
 * an erasure running between the two looks always was; a tenant not found is never remembered.
 */
export interface LiveTenantsOptions {
  ttlMs: number
  /** Tenants remembered at most; past it the memory starts over (default 10 000). */
  maxTenants?: number
  now?: () => number
}

/**
 * @example
 * const live = rememberLiveTenants(store.tenants.findTenant, { ttlMs: 1000 })
 * if (!(await live('ten_a'))) return // erased: nothing stored
 */
export function rememberLiveTenants(
  find: (tenantId: string) => Promise<unknown>,
  options: LiveTenantsOptions,
): (tenantId: string) => Promise<boolean> {
  const now = options.now ?? Date.now
  const maxTenants = options.maxTenants ?? 10_000
  const seen = new Map<string, number>()
  return async (tenantId) => {
    const until = seen.get(tenantId)
    if (until !== undefined && until > now()) return true
    const found = (await find(tenantId)) !== undefined
    if (!found) seen.delete(tenantId)
    else {
      if (seen.size >= maxTenants) seen.clear()
      seen.set(tenantId, now() + options.ttlMs)
    }
    return found
  }
}
