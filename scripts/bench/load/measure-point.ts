/**
 * One measured window on running services: the offered rate for the duration (open loop), the drain, and
 * every counter read before and after it — CPU of each process tree, the store server's command counters,
 * each service's own store command counters (its /metrics), the load average — then the ledger.
 */
import { buildLedger, type Ledger } from './accounting'
import { type BenchStack, stackServerPids } from './bench-stack'
import { commandsPerCheck, type ServiceCommandCounts } from './commands-per-check'
import type { Completion } from './completion-watcher'
import { cpuDelta, snapshotCpu } from './cpu-snapshot'
import { idleRates } from './idle-cpu'
import { offerLoad } from './offer-load'
import type { Submission } from './open-loop'
import type { LoadOptions } from './options'
import { loadAverage } from './proc-cpu'
import type { generateLoadReceipts } from './receipts'
import { snapshotServiceCommands } from './service-commands'
import { type CommandCounts, snapshotStoreCommands } from './store-commands'

export interface Measurement {
  submissions: Submission[]
  ledger: Ledger
  /** Completions of this window's acknowledged checks. */
  completions: Map<string, Completion>
  /** CPU ms over the window per process group (a service's replicas, a server). */
  cpu: Record<string, number>
  /** Seconds from the first CPU snapshot to the last (the load and its drain). */
  windowS: number
  /** CPU ms per second per process group with no load, watched just before the window (undefined: not watched). */
  idleCpuPerS: Record<string, number> | undefined
  loads: { before: string; after: string }
  serverCommands: { before: CommandCounts; after: CommandCounts }
  serviceCommands: { before: ServiceCommandCounts; after: ServiceCommandCounts }
}

export async function measurePoint(
  bench: BenchStack,
  options: Pick<LoadOptions, 'rate' | 'durationS' | 'drainS' | 'idleS'>,
  receipts: ReturnType<typeof generateLoadReceipts>,
  pointId: string,
): Promise<Measurement> {
  const groups = () => ({
    ...bench.pids(),
    ...Object.fromEntries(Object.entries(stackServerPids()).map(([name, pid]) => [name, [pid]])),
  })
  const idleCpuPerS = await watchIdle(groups, options.idleS)
  const loadBefore = loadAverage()
  const windowStart = performance.now()
  const cpuBefore = snapshotCpu(groups())
  const serverBefore = await snapshotStoreCommands(bench.store.db)
  const serviceBefore = await snapshotServiceCommands(bench.metricsUrls())
  const submissions = await offerLoad(bench, options, receipts, pointId)
  const acked = submissions.flatMap((s) => (s.checkId ? [s.checkId] : []))
  await bench.watcher.waitFor(acked, performance.now() + options.drainS * 1000)
  const cpu = cpuDelta(cpuBefore, snapshotCpu(groups()))
  const windowS = (performance.now() - windowStart) / 1000
  const serviceAfter = await snapshotServiceCommands(bench.metricsUrls())
  const serverAfter = await snapshotStoreCommands(bench.store.db)
  const loadAfter = loadAverage()
  // One snapshot for every figure: completions still arriving must not make the counts disagree.
  const ours = new Set(acked)
  const completions = new Map([...bench.watcher.completions].filter(([id]) => ours.has(id)))
  const ledger = await buildLedger(submissions, completions, bench.store)
  return {
    submissions,
    ledger,
    completions,
    cpu,
    windowS,
    idleCpuPerS,
    loads: { before: loadBefore, after: loadAfter },
    serverCommands: { before: serverBefore, after: serverAfter },
    serviceCommands: { before: serviceBefore, after: serviceAfter },
  }
}

/** The services' CPU per second with no load, over `seconds` just before a window (idle-cpu.ts). */
async function watchIdle(
  groups: () => Record<string, readonly number[]>,
  seconds: number,
): Promise<Record<string, number> | undefined> {
  if (seconds <= 0) return undefined
  const before = snapshotCpu(groups())
  const start = performance.now()
  await new Promise((r) => setTimeout(r, seconds * 1000))
  return idleRates(before, snapshotCpu(groups()), (performance.now() - start) / 1000)
}

/** Completed checks of the window: the divisor of every per-check figure. */
export function completedChecks(m: Measurement): number {
  const acked = new Set(m.submissions.flatMap((s) => (s.checkId ? [s.checkId] : [])))
  return [...m.completions.keys()].filter((id) => acked.has(id)).length
}

export function serviceCommandsPerCheck(m: Measurement) {
  return commandsPerCheck(m.serviceCommands.before, m.serviceCommands.after, completedChecks(m))
}
