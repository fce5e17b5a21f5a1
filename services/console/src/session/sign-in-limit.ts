/**
 * Sign-in attempts per key (an address, a client) in fixed one-minute windows, in this process: a guessing
 * client is slowed to `perMinute` tries per address and per client. Several console replicas each count
 * their own (the limit multiplies by the replicas; scrypt's cost bounds the rest).
 *
 * @example
 * const limit = createSignInLimit(5)
 * if (!limit.allow(`ip:${ip}`, Date.now())) return tooMany()
 */
export function createSignInLimit(perMinute: number) {
  const windows = new Map<string, { minute: number; count: number }>()
  return {
    allow(key: string, nowMs: number): boolean {
      const minute = Math.floor(nowMs / 60_000)
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.minute < minute) windows.delete(k)
      const w = windows.get(key)
      if (!w || w.minute !== minute) {
        windows.set(key, { minute, count: 1 })
        return true
      }
      w.count += 1
      return w.count <= perMinute
    },
  }
}
