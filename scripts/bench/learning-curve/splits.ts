/**
 * Repeated random splits, seeded (a benchmark may draw; core may not): the held-out receipts of a split
 * are never among the ones confirmed or learned from in it.
 */

/** mulberry32 over a string seed: the same seed, the same splits, on every machine. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 3432918353)
  let a = h >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function shuffled<T>(items: readonly T[], seed: string): T[] {
  const out = [...items]
  const random = seededRandom(seed)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** Confirmed counts 0, 1, 2, 4, 8, … up to `max`. */
export function doublingSteps(max: number): number[] {
  const steps = [0]
  for (let n = 1; n <= max; n *= 2) steps.push(n)
  return steps
}

/** A share with its counts: `12.5% (5/40)`. */
export class Tally {
  flagged = 0
  judged = 0
  add(flagged: number, judged: number): void {
    this.flagged += flagged
    this.judged += judged
  }
  toString(): string {
    if (this.judged === 0) return '—'
    return `${((100 * this.flagged) / this.judged).toFixed(1)}% (${this.flagged}/${this.judged})`
  }
}
