/** How sign-in failures slow the next attempt (config `CONSOLE_SIGNIN_*`). */
export interface BackoffSettings {
  /** Failures allowed before any delay. */
  freeFailures: number
  /** The first delay; each further failure doubles it. */
  baseDelayMs: number
  /** The longest delay: never a lock, only a wait. */
  maxDelayMs: number
}

interface Failures {
  count: number
  lastAt: number
}

/** Failures forgotten after this much quiet (beyond the longest delay). */
const forgetAfter = (s: BackoffSettings) => s.maxDelayMs + 60 * 60_000

/**
 * Exponential backoff per key, in this process: after `freeFailures` failures each attempt waits
 * `baseDelayMs · 2^(failures − freeFailures)` from the last failure, up to `maxDelayMs`; a success forgets
 * the key. Bounded: at most `maxKeys` keys, the least recently failed dropped first.
 *
 * @example
 * const backoff = createBackoff({ freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 60_000 })
 * if (backoff.wait(key, now) > 0) return tooSoon()
 */
export function createBackoff(settings: BackoffSettings, maxKeys = 100_000) {
  const failures = new Map<string, Failures>()
  const delayOf = (f: Failures) =>
    f.count < settings.freeFailures
      ? 0
      : Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (f.count - settings.freeFailures))
  return {
    /** Milliseconds before the key may try again (0: now). */
    wait(key: string, nowMs: number): number {
      const f = failures.get(key)
      if (!f) return 0
      if (nowMs - f.lastAt > forgetAfter(settings)) {
        failures.delete(key)
        return 0
      }
      return Math.max(0, f.lastAt + delayOf(f) - nowMs)
    },
    failed(key: string, nowMs: number): void {
      const f = failures.get(key)
      const count = f && nowMs - f.lastAt <= forgetAfter(settings) ? f.count + 1 : 1
      failures.delete(key)
      failures.set(key, { count, lastAt: nowMs })
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value as string)
    },
    succeeded(key: string): void {
      failures.delete(key)
    },
    get size() {
      return failures.size
    },
  }
}

/**
 * The console's sign-in limits: a backoff per account and one per client address. An account's backoff
 * does not hold back an address its user signed in from before (`knownPerAccount` remembered): a stranger
 * guessing an analyst's password slows only themselves and other unknown addresses, never the analyst at
 * their usual desk — and nobody is ever locked out, only delayed up to `maxDelayMs`.
 */
export function createSignInLimits(settings: BackoffSettings, knownPerAccount = 8) {
  const accounts = createBackoff(settings)
  const clients = createBackoff(settings)
  const known = new Map<string, string[]>()
  return {
    /** Milliseconds before this account may be tried from this client (0: now). */
    wait(account: string, client: string, nowMs: number): number {
      const accountWait = known.get(account)?.includes(client) ? 0 : accounts.wait(account, nowMs)
      return Math.max(accountWait, clients.wait(client, nowMs))
    },
    /** True when the account signed in from this client before (its usual desk). */
    isKnown(account: string, client: string): boolean {
      return known.get(account)?.includes(client) ?? false
    },
    failed(account: string, client: string, nowMs: number): void {
      accounts.failed(account, nowMs)
      clients.failed(client, nowMs)
    },
    succeeded(account: string, client: string): void {
      accounts.succeeded(account)
      clients.succeeded(client)
      const list = (known.get(account) ?? []).filter((c) => c !== client)
      known.delete(account)
      known.set(account, [client, ...list].slice(0, knownPerAccount))
      if (known.size > 100_000) known.delete(known.keys().next().value as string)
    },
  }
}

export type SignInLimits = ReturnType<typeof createSignInLimits>
