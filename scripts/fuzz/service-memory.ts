/**
 * The services' memory during a fuzz target, read from /proc: the RSS of each service's process tree (the
 * tsx launcher, the node process under it, its workers and tesseract children) before the target, its peak
 * while the target runs (sampled), and after it.
 */
import { readdirSync, readFileSync } from 'node:fs'

export interface ProcEntry {
  pid: number
  ppid: number
  rssKb: number
}

/** The RSS (MB) of `root` and every process under it, from a listing of /proc. Pure. */
export function treeRssMb(entries: readonly ProcEntry[], root: number): number {
  const children = new Map<number, number[]>()
  const rss = new Map<number, number>()
  for (const e of entries) {
    rss.set(e.pid, e.rssKb)
    children.set(e.ppid, [...(children.get(e.ppid) ?? []), e.pid])
  }
  let totalKb = 0
  const seen = new Set<number>()
  const todo = [root]
  while (todo.length > 0) {
    const pid = todo.pop() as number
    if (seen.has(pid)) continue
    seen.add(pid)
    totalKb += rss.get(pid) ?? 0
    todo.push(...(children.get(pid) ?? []))
  }
  return totalKb / 1024
}

/** `VmRSS` and `PPid` of a /proc/<pid>/status text (a kernel thread has no VmRSS: 0). Pure. */
export function parseProcStatus(pid: number, status: string): ProcEntry {
  return {
    pid,
    ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0),
    rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
  }
}

/** Every process of the machine (those that exit while being read are skipped). */
export function readProcEntries(): ProcEntry[] {
  const out: ProcEntry[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      out.push(parseProcStatus(Number(entry), readFileSync(`/proc/${entry}/status`, 'utf8')))
    } catch {}
  }
  return out
}

/** RSS (MB) of a process tree now; 0 when the process is gone. */
export function rssMbOfTree(root: number): number {
  return treeRssMb(readProcEntries(), root)
}

export interface ServiceProcess {
  name: string
  pid: number
}

export interface MemoryRow {
  name: string
  before: number
  peak: number
  after: number
}

/**
 * Samples the trees every `intervalMs` from now; `stop()` takes the final reading. A sample reads every
 * /proc/<pid>/status (a few ms on this machine), so the interval stays at a few hundred ms.
 */
export function watchMemory(services: readonly ServiceProcess[], intervalMs = 250) {
  const read = () => {
    const entries = readProcEntries()
    return services.map((s) => treeRssMb(entries, s.pid))
  }
  const before = read()
  const peak = [...before]
  const timer = setInterval(() => {
    read().forEach((mb, i) => {
      peak[i] = Math.max(peak[i] ?? 0, mb)
    })
  }, intervalMs)
  return {
    stop(): MemoryRow[] {
      clearInterval(timer)
      const after = read()
      return services.map((s, i) => ({
        name: s.name,
        before: before[i] ?? 0,
        peak: Math.max(peak[i] ?? 0, after[i] ?? 0),
        after: after[i] ?? 0,
      }))
    },
  }
}

/** Rows whose RSS after the target exceeds the start by more than `boundMb`, or whose process is gone. Pure. */
export function unboundedMemory(rows: readonly MemoryRow[], boundMb: number): string[] {
  return rows.flatMap((r) =>
    r.after === 0
      ? [`${r.name} exited`]
      : r.after - r.before > boundMb
        ? [`${r.name} grew ${(r.after - r.before).toFixed(0)} MB (bound ${boundMb})`]
        : [],
  )
}
