/**
 * A short-lived cache in front of a store lookup the gateway makes on every request (API key -> tenant,
 * tenant -> latest profile): under load it removes those round trips from each POST and GET. The price is
 * staleness bounded by `ttlMs`: a revoked key keeps working, and a new profile version is pinned, up to
 * `ttlMs` later. Concurrent lookups of one key share one store call; a failed lookup is not cached.
 *
 * Entries are stored under `keyOf(key)` (the API key cache passes a SHA-256, so no raw token sits in
 * memory), and lookups that found nothing are kept apart from those that found something: a flood of
 * unknown keys fills and empties only its own bounded map, never evicting the known tenants.
 */
export interface LookupCacheOptions {
  ttlMs: number
  /** Entries kept at most, per map (found / not found); past it that map starts over. */
  maxEntries?: number
  /** What an entry is stored under (default the key itself). */
  keyOf?: (key: string) => string
  now?: () => number
}

interface Entry<V> {
  value: Promise<V>
  until: number
}

/**
 * @example
 * const authenticate = cacheLookup((token: string) => store.tenants.authenticate(token), {
 *   ttlMs: 5000,
 *   keyOf: hashApiKey,
 * })
 */
export function cacheLookup<V>(
  load: (key: string) => Promise<V>,
  options: LookupCacheOptions,
): (key: string) => Promise<V> {
  if (options.ttlMs <= 0) return load
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 10_000
  const keyOf = options.keyOf ?? ((key: string) => key)
  const pending = new Map<string, Promise<V>>()
  const found = new Map<string, Entry<V>>()
  const missing = new Map<string, Entry<V>>()
  const keep = (into: Map<string, Entry<V>>, id: string, value: Promise<V>) => {
    if (into.size >= maxEntries) into.clear()
    into.set(id, { value, until: now() + options.ttlMs })
  }
  return (key) => {
    const id = keyOf(key)
    const hit = found.get(id) ?? missing.get(id)
    if (hit && hit.until > now()) return hit.value
    const inFlight = pending.get(id)
    if (inFlight) return inFlight
    found.delete(id)
    missing.delete(id)
    const value = load(key)
    pending.set(id, value)
    value.then(
      (result) => {
        pending.delete(id)
        keep(result === undefined || result === null ? missing : found, id, value)
      },
      () => pending.delete(id),
    )
    return value
  }
}
