/**
 * Store commands per completed check, per service and per command name, from two snapshots of each
 * service's own counters (its /metrics, replicas summed): what each process asked of the store over the
 * run, the sweeper and every feeder included. A count does not depend on the machine's load.
 */
import type { CommandCounts } from './store-commands'

/** Per service: its counts, or undefined when it served no store counters (metrics off, no port). */
export type ServiceCommandCounts = Record<string, CommandCounts | undefined>

export interface CommandsPerCheck {
  /** Services with counters, each with its commands per check by name (largest first) and their sum. */
  services: { service: string; total: number; byCommand: [string, number][] }[]
  /** Services that served no counters. */
  missing: string[]
  total: number
  byCommand: [string, number][]
}

/** Sums replicas' counts. */
export function sumCounts(counts: readonly CommandCounts[]): CommandCounts {
  const sum: CommandCounts = {}
  for (const c of counts) for (const [name, n] of Object.entries(c)) sum[name] = (sum[name] ?? 0) + n
  return sum
}

function perCheckSorted(before: CommandCounts, after: CommandCounts, checks: number): [string, number][] {
  return Object.entries(after)
    .map(([name, n]): [string, number] => [name, (n - (before[name] ?? 0)) / Math.max(1, checks)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
}

export function commandsPerCheck(
  before: ServiceCommandCounts,
  after: ServiceCommandCounts,
  checks: number,
): CommandsPerCheck {
  const services: CommandsPerCheck['services'] = []
  const missing: string[] = []
  for (const [service, end] of Object.entries(after)) {
    const start = before[service]
    if (!end || !start) {
      missing.push(service)
      continue
    }
    const byCommand = perCheckSorted(start, end, checks)
    services.push({ service, total: byCommand.reduce((s, [, n]) => s + n, 0), byCommand })
  }
  const present = (side: ServiceCommandCounts) =>
    sumCounts(services.map(({ service }) => side[service] as CommandCounts))
  const byCommand = perCheckSorted(present(before), present(after), checks)
  return { services, missing, total: byCommand.reduce((s, [, n]) => s + n, 0), byCommand }
}

const fixed = (n: number) => n.toFixed(2)

/** The report's lines: one per service (total, then by command), then the total across services. */
export function formatCommandsPerCheck(c: CommandsPerCheck): string[] {
  const byName = (pairs: [string, number][]) =>
    pairs.length === 0 ? 'none' : pairs.map(([name, n]) => `${name} ${fixed(n)}`).join(', ')
  const lines = c.services.map(
    ({ service, total, byCommand }) =>
      `  ${service.padEnd(14)} ${fixed(total).padStart(8)}  ${byName(byCommand)}`,
  )
  lines.push(`  ${'total'.padEnd(14)} ${fixed(c.total).padStart(8)}  ${byName(c.byCommand)}`)
  if (c.missing.length > 0) lines.push(`  no store counters from: ${c.missing.join(', ')} (metrics off?)`)
  return lines
}
