/**
 * A short-lived cache in front of a store lookup the gateway makes on every request (API key -> tenant,
 * tenant -> latest profile): under load it removes those round trips from each POST and GET. The price is
 * staleness bounded by `ttlMs`: a revoked key keeps working, and a new profile version is pinned, up to
 * `ttlMs` later. Concurrent lookups of one key share one store call; a failed lookup is not cached.
 */
export interface LookupCacheOptions {
  ttlMs: number
  /** Entries kept at most; past it the cache starts over (a flood of distinct keys cannot grow it). */
  maxEntries?: number
  now?: () => number
}

/**
 * @example
 * const authenticate = cacheLookup((token: string) => store.tenants.authenticate(token), { ttlMs: 5000 })
 */
export function cacheLookup<V>(
  load: (key: string) => Promise<V>,
  options: LookupCacheOptions,
): (key: string) => Promise<V> {
  if (options.ttlMs <= 0) return load
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 10_000
  const entries = new Map<string, { value: Promise<V>; until: number }>()
  return (key) => {
    const hit = entries.get(key)
    if (hit && hit.until > now()) return hit.value
    if (entries.size >= maxEntries) entries.clear()
    const value = load(key)
    entries.set(key, { value, until: now() + options.ttlMs })
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key)
    })
    return value
  }
}
