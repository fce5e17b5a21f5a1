/**
 * The authenticity service's view of the fingerprints: the committed ones overlaid with each family's
 * active stored version. Read from the store at start-up and then every refresh period, never per
 * message; a failed refresh keeps the last good view (the service goes on judging with it).
 */
import { fingerprints as builtin, type Fingerprint } from '@rv/core'

export type FingerprintRegistry = Readonly<Record<string, Fingerprint>>

export interface FingerprintCacheOptions {
  /** Each family's active stored fingerprint (`store.fingerprints.activeAll`). */
  loadActive: () => Promise<Record<string, Fingerprint>>
  /** Told about a failed periodic refresh; the previous view stays. */
  onRefreshError?: (error: unknown) => void
  /** Told which families changed version after a refresh (for the log). */
  onChange?: (changes: { family: string; from: string; to: string }[]) => void
}

export interface FingerprintCache {
  /** The current view; synchronous, so a message never waits for the store. */
  registry(): FingerprintRegistry
  /** Reloads now; rejects when the store fails (the first load must succeed). */
  refresh(): Promise<void>
  /** Refreshes every `intervalMs` until the returned stop function is called; the timer never holds the process. */
  startRefreshing(intervalMs: number): () => void
}

const label = (fp: Fingerprint | undefined) => fp?.version ?? 'builtin'

/** @example const cache = createFingerprintCache({ loadActive: store.fingerprints.activeAll }); await cache.refresh() */
export function createFingerprintCache(options: FingerprintCacheOptions): FingerprintCache {
  let current: FingerprintRegistry = builtin
  async function refresh(): Promise<void> {
    const next: FingerprintRegistry = { ...builtin, ...(await options.loadActive()) }
    const changes = Object.keys(next)
      .filter((family) => label(current[family]) !== label(next[family]))
      .map((family) => ({ family, from: label(current[family]), to: label(next[family]) }))
    // Families whose pointer was removed fall back to the committed fingerprint through `builtin`.
    current = next
    if (changes.length > 0) options.onChange?.(changes)
  }
  return {
    registry: () => current,
    refresh,
    startRefreshing(intervalMs) {
      const timer = setInterval(() => {
        refresh().catch((error) => options.onRefreshError?.(error))
      }, intervalMs)
      timer.unref()
      return () => clearInterval(timer)
    },
  }
}
