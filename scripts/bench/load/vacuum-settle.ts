/**
 * `--settle vacuum`: after seeding, wait until PostgreSQL's autovacuum has been idle for a while — the store a
 * million checks grew into over months has been vacuumed as it grew; one seeded in minutes is vacuumed during
 * the run unless the bench waits (docs/capacity.md, eighth session: the load average fell below 1 while
 * PostgreSQL still vacuumed at 114 ms/s, so `--quiet-below` cannot tell).
 */
import { type PostgresTarget, runPsql } from './postgres-clone'

export interface VacuumSettleOptions {
  /** Autovacuum workers running now. */
  workers: () => Promise<number>
  /** How long none must have run, polled every `pollMs`, to call the store settled. */
  idleForMs: number
  maxMs: number
  pollMs?: number
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export async function waitForVacuum(
  options: VacuumSettleOptions,
): Promise<{ waitedMs: number; settled: boolean }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = options.now ?? (() => performance.now())
  const start = now()
  let idleSince: number | undefined
  for (;;) {
    const t = now()
    if ((await options.workers()) > 0) idleSince = undefined
    else idleSince ??= t
    if (idleSince !== undefined && t - idleSince >= options.idleForMs)
      return { waitedMs: t - start, settled: true }
    if (t - start >= options.maxMs) return { waitedMs: t - start, settled: false }
    await sleep(options.pollMs ?? 5000)
  }
}

/** The autovacuum workers of FerretDB's PostgreSQL (`pg_stat_activity`). */
export function autovacuumWorkers(target: PostgresTarget): () => Promise<number> {
  return async () =>
    Number(
      (
        await runPsql(
          target,
          "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker';",
        )
      ).trim(),
    )
}
