/**
 * Store commands per check: the server's own command counters (`serverStatus`) before and after a run.
 * Unlike CPU, a count does not depend on the machine's load, so it compares write models on a busy machine.
 * FerretDB reports `metrics.commands.<name>.total`; MongoDB `opcounters` (query, insert, update, ...).
 * The counters are the whole server's: run against a stack nobody else is using.
 */
import type { Db } from 'mongodb'

export type CommandCounts = Record<string, number>

/** Hand-shake and monitoring commands, not the application's store operations. */
export const housekeepingCommands: ReadonlySet<string> = new Set([
  'hello',
  'ismaster',
  'isMaster',
  'ping',
  'endSessions',
  'serverStatus',
  'buildInfo',
])

export function commandCounts(status: Record<string, unknown>): CommandCounts {
  const metrics = (status.metrics as { commands?: Record<string, { total?: unknown }> } | undefined)?.commands
  const source: Record<string, unknown> = metrics
    ? Object.fromEntries(Object.entries(metrics).map(([name, c]) => [name, c?.total]))
    : ((status.opcounters as Record<string, unknown> | undefined) ?? {})
  return Object.fromEntries(
    Object.entries(source).flatMap(([name, n]) =>
      housekeepingCommands.has(name) || (typeof n !== 'number' && typeof n !== 'bigint')
        ? []
        : [[name, Number(n)]],
    ),
  )
}

export async function snapshotStoreCommands(db: Db): Promise<CommandCounts> {
  return commandCounts(await db.admin().command({ serverStatus: 1 }))
}

/** after - before per command, the ones that moved, largest first. */
export function commandDelta(before: CommandCounts, after: CommandCounts): [string, number][] {
  return Object.entries(after)
    .map(([name, n]): [string, number] => [name, n - (before[name] ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
}
