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
import { runOpenLoop, type Submission } from './open-loop'
import type { LoadOptions } from './options'
import { loadAverage } from './proc-cpu'
import type { generateLoadReceipts } from './receipts'
import { snapshotServiceCommands } from './service-commands'
import { type CommandCounts, snapshotStoreCommands } from './store-commands'
import { submitReceipt } from './submit'

export interface Measurement {
  submissions: Submission[]
  ledger: Ledger
  /** Completions of this window's acknowledged checks. */
  completions: Map<string, Completion>
  /** CPU ms over the window per process group (a service's replicas, a server). */
  cpu: Record<string, number>
  loads: { before: string; after: string }
  serverCommands: { before: CommandCounts; after: CommandCounts }
  serviceCommands: { before: ServiceCommandCounts; after: ServiceCommandCounts }
}

export async function measurePoint(
  bench: BenchStack,
  options: Pick<LoadOptions, 'rate' | 'durationS' | 'drainS'>,
  receipts: ReturnType<typeof generateLoadReceipts>,
  pointId: string,
): Promise<Measurement> {
  const groups = () => ({
    ...bench.pids(),
    ...Object.fromEntries(Object.entries(stackServerPids()).map(([name, pid]) => [name, [pid]])),
  })
  const loadBefore = loadAverage()
  const cpuBefore = snapshotCpu(groups())
  const serverBefore = await snapshotStoreCommands(bench.store.db)
  const serviceBefore = await snapshotServiceCommands(bench.metricsUrls())
  const submissions = await runOpenLoop({
    rate: options.rate,
    durationS: options.durationS,
    send: (i) =>
      submitReceipt(
        bench.services.baseUrl,
        bench.keys[i % bench.keys.length] as string,
        receipts[i] as (typeof receipts)[number],
        `${pointId}-${i}`,
      ),
  })
  const acked = submissions.flatMap((s) => (s.checkId ? [s.checkId] : []))
  await bench.watcher.waitFor(acked, performance.now() + options.drainS * 1000)
  const cpu = cpuDelta(cpuBefore, snapshotCpu(groups()))
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
    loads: { before: loadBefore, after: loadAfter },
    serverCommands: { before: serverBefore, after: serverAfter },
    serviceCommands: { before: serviceBefore, after: serviceAfter },
  }
}

/** Completed checks of the window: the divisor of every per-check figure. */
export function completedChecks(m: Measurement): number {
  const acked = new Set(m.submissions.flatMap((s) => (s.checkId ? [s.checkId] : [])))
  return [...m.completions.keys()].filter((id) => acked.has(id)).length
}

export function serviceCommandsPerCheck(m: Measurement) {
  return commandsPerCheck(m.serviceCommands.before, m.serviceCommands.after, completedChecks(m))
}
