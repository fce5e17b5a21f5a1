/**
 * The side-by-side table of a comparison: per line (CPU ms per check of each process, store commands per
 * check of each service, submit->done percentiles, lost and stuck) A's and B's mean over their rounds and
 * the ratio B/A.
 */
import type { PointResult } from './report'

export interface CompareRow {
  label: string
  a: number
  b: number
  unit: string
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0)

function keysOf(results: readonly PointResult[], keys: (r: PointResult) => string[]): string[] {
  return [...new Set(results.flatMap(keys))]
}

export function compareRows(a: readonly PointResult[], b: readonly PointResult[]): CompareRow[] {
  const both = [...a, ...b]
  const row = (label: string, unit: string, f: (r: PointResult) => number, agg = mean): CompareRow => ({
    label,
    unit,
    a: agg(a.map(f)),
    b: agg(b.map(f)),
  })
  const rows: CompareRow[] = []
  const processes = keysOf(both, (r) => Object.keys(r.cpuPerCheck))
  for (const p of processes) rows.push(row(`CPU ${p}`, 'ms/check', (r) => r.cpuPerCheck[p] ?? 0))
  rows.push(row('CPU total', 'ms/check', (r) => sum(Object.values(r.cpuPerCheck))))
  if (both.every((r) => r.marginalCpuPerCheck)) {
    const marginal = (r: PointResult) => r.marginalCpuPerCheck ?? {}
    for (const p of processes) rows.push(row(`marginal CPU ${p}`, 'ms/check', (r) => marginal(r)[p] ?? 0))
    rows.push(row('marginal CPU total', 'ms/check', (r) => sum(Object.values(marginal(r)))))
  }
  const services = keysOf(both, (r) => r.commands.services.map((s) => s.service))
  const commandsOf = (r: PointResult, service: string) =>
    r.commands.services.find((s) => s.service === service)?.total ?? 0
  for (const s of services) rows.push(row(`store commands ${s}`, '/check', (r) => commandsOf(r, s)))
  rows.push(row('store commands total', '/check', (r) => r.commands.total))
  const commandNames = keysOf(both, (r) => r.commands.byCommand.map(([name]) => name))
  const byName = (r: PointResult, name: string) => r.commands.byCommand.find(([n]) => n === name)?.[1] ?? 0
  for (const name of commandNames) rows.push(row(`  of which ${name}`, '/check', (r) => byName(r, name)))
  rows.push(row('submit->done p50', 'ms', (r) => r.submitToDone.p50))
  rows.push(row('submit->done p95', 'ms', (r) => r.submitToDone.p95))
  rows.push(row('submit->done p99', 'ms', (r) => r.submitToDone.p99))
  rows.push(row('completed', 'checks', (r) => r.completed, sum))
  rows.push(row('lost', 'checks', (r) => r.lost, sum))
  rows.push(row('stuck (not terminal)', 'checks', (r) => r.notTerminal, sum))
  rows.push(row('duplicate completions', 'events', (r) => r.duplicates, sum))
  return rows
}

/**
 * Why the ratios may not hold: every per-check figure divides a window's work by its completed checks, so a
 * side that left checks running (the work for them is in the numerator) reads dearer per check than it is.
 */
export function compareCaveats(a: readonly PointResult[], b: readonly PointResult[]): string[] {
  const running = (rs: readonly PointResult[]) => rs.reduce((s, r) => s + r.notTerminal, 0)
  const sides = [
    ['A', running(a)],
    ['B', running(b)],
  ].filter(([, n]) => (n as number) > 0)
  if (sides.length === 0) return []
  return [
    `not comparable per check: ${sides.map(([side, n]) => `${side} left ${n} check(s) running`).join(', ')} at the end of the drain, whose work is counted but not divided by; lower --rate or raise --drain until both sides finish every check`,
  ]
}

/** B/A, or '-' when A is 0 (nothing to divide by) — "0 lost in both" reads as '-', not as NaN. */
export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return '-'
  if (a === 0) return b === 0 ? '-' : 'inf'
  return (b / a).toFixed(2)
}

export function formatCompareTable(rows: readonly CompareRow[]): string[] {
  // Per-check figures with two decimals; milliseconds of latency and counts of checks whole.
  const value = (n: number, unit: string) =>
    Number.isFinite(n) ? n.toFixed(unit.endsWith('/check') ? 2 : 0) : '-'
  const width = Math.max(...rows.map((r) => r.label.length), 4)
  const header = `  ${'line'.padEnd(width)}  ${'unit'.padEnd(8)} ${'A'.padStart(10)} ${'B'.padStart(10)} ${'B/A'.padStart(7)}`
  return [
    header,
    ...rows.map(
      (r) =>
        `  ${r.label.padEnd(width)}  ${r.unit.padEnd(8)} ${value(r.a, r.unit).padStart(10)} ${value(r.b, r.unit).padStart(10)} ${ratio(r.a, r.b).padStart(7)}`,
    ),
  ]
}
