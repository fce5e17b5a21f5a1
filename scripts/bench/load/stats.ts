/** Nearest-rank percentile of an ascending array; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] as number
}

export interface Summary {
  n: number
  p50: number
  p95: number
  p99: number
  max: number
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  }
}

export function formatSummary(s: Summary): string {
  const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(0)} ms`)
  return `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)} (n=${s.n})`
}
