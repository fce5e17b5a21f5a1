import { fromMsk, msk } from '../format/time'
import type { Rng } from '../random/rng'

/** The default "now": the end of the period the SBP tail table covers (30 Apr 2026, Moscow time). */
export const DEFAULT_NOW = Date.UTC(2026, 3, 30, 20, 59, 59)

/**
 * When and how much: the operation instant (epoch ms, seconds precision) and the amount in kopecks.
 * Dates fall in the 425 days before the Moscow date of `now` (by default Mar 2025 – Apr 2026, the period the SBP
 * tail table covers). About one operation in eight happens between 00:00 and 03:00 Moscow time, where the SBP
 * id carries the previous UTC day.
 */
export function operationTime(rng: Rng, now: number): number {
  const today = msk(now)
  const end = fromMsk(today.year, today.month, today.day)
  const start = end - 425 * 86_400_000
  const day = Math.floor(rng.next() * Math.floor((end - start) / 86_400_000))
  const hour = rng.chance(0.12) ? rng.int(0, 2) : rng.int(7, 23)
  return start + day * 86_400_000 + hour * 3600_000 + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000
}

export function amountKopecks(rng: Rng): number {
  const r = rng.next()
  const rubles =
    r < 0.3
      ? rng.int(1, 99) * 10
      : r < 0.7
        ? rng.int(1, 200) * 50
        : r < 0.9
          ? rng.int(100, 9999)
          : rng.int(10, 150) * 1000
  const kopecks = rng.chance(0.12) ? rng.int(1, 99) : 0
  return rubles * 100 + kopecks
}
