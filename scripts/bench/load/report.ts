/** The figures of one measured window (`PointResult`) and its printed report. */
import { formatRefused } from './accounting'
import { type CommandsPerCheck, formatCommandsPerCheck } from './commands-per-check'
import { marginalCpuPerCheck } from './idle-cpu'
import { formatLatencyByMinute, latencyByMinute } from './latency-by-minute'
import { completedChecks, type Measurement, serviceCommandsPerCheck } from './measure-point'
import { sendRate } from './open-loop'
import type { LoadOptions } from './options'
import { formatSummary, type Summary, summarize } from './stats'
import { commandDelta } from './store-commands'

/** What a comparison puts side by side. */
export interface PointResult {
  completed: number
  /** CPU ms per completed check per process group. */
  cpuPerCheck: Record<string, number>
  /** The same less what each process spends idle over the window (idle-cpu.ts); undefined: not watched. */
  marginalCpuPerCheck: Record<string, number> | undefined
  commands: CommandsPerCheck
  /** POST sent -> check.completed.v1 received, ms. */
  submitToDone: Summary
  lost: number
  notTerminal: number
  duplicates: number
}

export function pointResult(m: Measurement): PointResult {
  const sentAt = new Map(m.submissions.map((s) => [s.checkId, s.sentAt]))
  const done = completedChecks(m)
  const acked = new Set(sentAt.keys())
  const clientLatency = [...m.completions]
    .filter(([id]) => acked.has(id))
    .map(([id, c]) => c.firstAt - (sentAt.get(id) ?? Number.NaN))
  return {
    completed: done,
    cpuPerCheck: Object.fromEntries(
      Object.entries(m.cpu).map(([name, ms]) => [name, ms / Math.max(1, done)]),
    ),
    marginalCpuPerCheck: m.idleCpuPerS && marginalCpuPerCheck(m.cpu, m.idleCpuPerS, m.windowS, done),
    commands: serviceCommandsPerCheck(m),
    submitToDone: summarize(clientLatency),
    lost: m.ledger.lost,
    notTerminal: m.ledger.notTerminal,
    duplicates: m.ledger.duplicateCompletions,
  }
}

/** Prints the window's report; returns its figures. */
export function printReport(options: LoadOptions, m: Measurement, out: (line?: string) => void): PointResult {
  const result = pointResult(m)
  const { ledger, submissions } = m
  const ackedIds = new Set(submissions.flatMap((s) => (s.checkId ? [s.checkId] : [])))
  const done = [...m.completions.entries()].filter(([id]) => ackedIds.has(id))
  const serverLatency = done.flatMap(([, c]) => (c.latencyMs === null ? [] : [c.latencyMs]))
  const postLatency = submissions.filter((s) => s.status !== 0).map((s) => s.answeredAt - s.sentAt)
  const firstSent = Math.min(...submissions.map((s) => s.sentAt))
  const lastDone = Math.max(...done.map(([, c]) => c.firstAt))
  const achieved = (done.length * 1000) / (lastDone - firstSent)
  const replicas = Object.entries(options.replicas).map(([s, n]) => `${s}=${n}`)
  out()
  out('== bench:load ==')
  out(
    `offered: ${options.rate} checks/s for ${options.durationS} s (${submissions.length} POSTs, sender achieved ${sendRate(submissions).toFixed(1)}/s), ${options.tenants} tenant(s), ${options.stored} checks stored before, replicas: ${replicas.join(' ') || 'one of each'}, consumer concurrency: ${options.concurrency ?? 'config default'}`,
  )
  out(`load average (1/5/15 min): before ${m.loads.before}, after ${m.loads.after}`)
  out(`POST answered 2xx: ${ledger.acknowledged}; refused: ${formatRefused(ledger.refused)}`)
  out(`POST answer time: ${formatSummary(summarize(postLatency))}`)
  out(
    `completed: ${ledger.completed} of ${ledger.acknowledged} acknowledged (${Object.entries(ledger.outcomes)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
  )
  out(`achieved: ${achieved.toFixed(1)} checks/s (completions / first POST -> last completion)`)
  out(
    `submit->done, client (POST sent -> check.completed.v1 received): ${formatSummary(result.submitToDone)}`,
  )
  out(
    `submit->done, record's cost.latency_ms (created_at -> terminal): ${formatSummary(summarize(serverLatency))}`,
  )
  if (options.durationS >= 120) {
    const sentAt = new Map(submissions.map((s) => [s.checkId, s.sentAt]))
    const byMinute = latencyByMinute(
      done.flatMap(([id, c]) => {
        const sent = sentAt.get(id)
        return sent === undefined ? [] : [{ sentAt: sent, latencyMs: c.firstAt - sent }]
      }),
    )
    out(`submit->done, client, by the minute sent: ${formatLatencyByMinute(byMinute)}`)
  }
  out(
    `not terminal at the end (after ${options.drainS} s drain): ${ledger.notTerminal}; terminal without a completion event: ${ledger.terminalWithoutEvent}; lost (acknowledged, not in the store): ${ledger.lost}; duplicate completion events: ${ledger.duplicateCompletions}`,
  )
  for (const line of formatCpu(result, m)) out(line)
  out(
    `store commands per completed check, per service (each process's driver command monitoring, its /metrics; / ${done.length}):`,
  )
  for (const line of formatCommandsPerCheck(result.commands)) out(line)
  const moved = commandDelta(m.serverCommands.before, m.serverCommands.after)
  const perDone = (n: number) => (n / Math.max(1, done.length)).toFixed(1)
  out(
    `store commands per completed check (server counters over the run, sweeper included): ${perDone(
      moved.reduce((sum, [, n]) => sum + n, 0),
    )} — ${moved.map(([name, n]) => `${name} ${perDone(n)}`).join(', ')}`,
  )
  return result
}

/**
 * CPU per process: the window's per completed check, and with an idle watch the process's idle ms/s and
 * the marginal ms per check (the window less what the process spends idle over it).
 */
function formatCpu(result: PointResult, m: Measurement): string[] {
  const idle = m.idleCpuPerS
  const marginal = result.marginalCpuPerCheck
  const lines = [
    `CPU per process (utime+stime of each process tree over the ${m.windowS.toFixed(0)} s window / ${result.completed} completed)${
      idle ? '; idle ms/s watched before the window; marginal = (window - idle x window s) / completed' : ''
    }:`,
  ]
  if (idle)
    lines.push(
      `  ${''.padEnd(14)} ${'ms/check'.padStart(8)} ${'idle ms/s'.padStart(10)} ${'marginal'.padStart(9)}`,
    )
  const row = (name: string, ms: number, idleMs?: number, marginalMs?: number) =>
    `  ${name.padEnd(14)} ${ms.toFixed(1).padStart(8)}${
      idleMs === undefined
        ? ' ms'
        : ` ${idleMs.toFixed(1).padStart(10)} ${(marginalMs ?? 0).toFixed(1).padStart(9)}`
    }`
  for (const [name, ms] of Object.entries(result.cpuPerCheck))
    lines.push(row(name, ms, idle?.[name], marginal?.[name]))
  const total = totalCpuPerCheck(result)
  const sum = (r: Record<string, number> | undefined) => r && Object.values(r).reduce((s, x) => s + x, 0)
  const marginalTotal = sum(marginal)
  lines.push(
    `${row('total', total, sum(idle), marginalTotal)}  (=> at most ~${(1000 / total).toFixed(0)} checks/s per core at this rate${
      marginalTotal ? `, ~${(1000 / marginalTotal).toFixed(0)} from the marginal cost` : ''
    })`,
  )
  return lines
}

/** Total CPU ms per check of a result (every process). */
export function totalCpuPerCheck(result: PointResult): number {
  return Object.values(result.cpuPerCheck).reduce((sum, ms) => sum + ms, 0)
}
