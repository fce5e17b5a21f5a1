/**
 * CPU time of processes from /proc (Linux): utime + stime of a process and all its descendants (and of
 * descendants that already exited), in ms.
 * A service runs as a tsx launcher and the node process it starts; a server (Kafka's JVM, FerretDB) as one
 * process. Sampled before and after a run, the difference is the CPU the run cost that process tree.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Kernel clock ticks per second (USER_HZ); 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100

interface ProcStat {
  pid: number
  ppid: number
  /** utime + stime, plus cutime + cstime (children that exited and were reaped), ticks */
  ticks: number
}

/** Parses /proc/<pid>/stat; the command name may hold spaces and parentheses, so fields start after the last ')'. */
export function parseProcStat(text: string): ProcStat {
  const pid = Number(text.slice(0, text.indexOf(' ')))
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // fields[0] is state (field 3); ppid is field 4, utime 14, stime 15, cutime 16, cstime 17. The reaped
  // children's time keeps a tree's total from dropping when a worker exits (PostgreSQL's backends do).
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number]
  return { pid, ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime }
}

function readAll(): ProcStat[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        return [parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8'))]
      } catch {
        return [] // exited meanwhile
      }
    })
}

/** ms of CPU used so far by each root pid's tree (0 for a pid that is gone). */
export function cpuMsOfTrees(roots: readonly number[], stats: readonly ProcStat[] = readAll()): number[] {
  const children = new Map<number, ProcStat[]>()
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s])
  const byPid = new Map(stats.map((s) => [s.pid, s]))
  return roots.map((root) => {
    let ticks = 0
    const todo = byPid.has(root) ? [byPid.get(root) as ProcStat] : []
    while (todo.length > 0) {
      const s = todo.pop() as ProcStat
      ticks += s.ticks
      todo.push(...(children.get(s.pid) ?? []))
    }
    return (ticks * 1000) / TICKS_PER_SECOND
  })
}

/** The 1, 5 and 15 minute load averages. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return 'unknown'
  }
}

/** The 1-minute load average as a number. */
export function loadAverage1(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
}
