/** CPU used so far per named process group (a service's replicas, a server), for before/after differences. */
import { cpuMsOfTrees } from './proc-cpu'

export type CpuSnapshot = Record<string, number>

export function snapshotCpu(groups: Readonly<Record<string, readonly number[]>>): CpuSnapshot {
  const names = Object.keys(groups)
  const pids = names.flatMap((name) => groups[name] ?? [])
  const ms = cpuMsOfTrees(pids)
  const byPid = new Map(pids.map((pid, i) => [pid, ms[i] ?? 0]))
  return Object.fromEntries(
    names.map((name) => [name, (groups[name] ?? []).reduce((sum, pid) => sum + (byPid.get(pid) ?? 0), 0)]),
  )
}

/** after - before per group, ms. */
export function cpuDelta(before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  return Object.fromEntries(
    Object.keys(after).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]),
  )
}
