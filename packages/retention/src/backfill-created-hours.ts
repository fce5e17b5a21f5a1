import type { Store } from '@rv/store'

export interface BackfillOptions {
  now: Date
  /** Checks read and written per round trip. */
  batch?: number
  /** Checks written per run at most (the hourly job stays short; the next run goes on). */
  maxChecks?: number
}

export interface BackfillReport {
  tenants: number
  checks: number
  /** Tenants whose retention cursor was moved back so the sweeper visits the backfilled hours. */
  rewound: number
  /** False when `maxChecks` stopped the run: run it again. */
  complete: boolean
}

const hourMs = 60 * 60 * 1000
const previousHour = (hour: string) =>
  new Date(Date.parse(`${hour}:00:00.000Z`) - hourMs).toISOString().slice(0, 13)

/**
 * Gives checks stored before `created_hour` existed their bucket, so the retention sweeper finds them.
 * Idempotent and resumable: only checks still without the field are read and written, each once per run
 * (one cursor per tenant), a tenant is marked done once wholly read (and never read again), and a run cut
 * short is finished by the next. The sweeper's cursor may already be past the hours it fills: it is moved
 * back to just before the earliest one, so the next passes sweep them (docs/data-retention.md, "Checks
 * stored before created_hour").
 *
 * @example
 * await backfillCreatedHours(store, { now: new Date() }) // then sweepRetention(…)
 */
export async function backfillCreatedHours(
  store: Pick<Store, 'tenants' | 'createdHourBackfill' | 'retentionCursors'>,
  options: BackfillOptions,
): Promise<BackfillReport> {
  const batch = options.batch ?? 500
  const maxChecks = options.maxChecks ?? 50_000
  const report: BackfillReport = { tenants: 0, checks: 0, rewound: 0, complete: true }
  const backfill = store.createdHourBackfill
  for (const tenant of await store.tenants.listTenants()) {
    if (await backfill.isDone(tenant._id)) continue
    let earliest: string | undefined
    let stopped = false
    // One cursor per tenant (a query per page re-reads, on FerretDB, every check done before it).
    for await (const read of backfill.pagesWithoutHour(tenant._id, batch)) {
      const page = read.slice(0, maxChecks - report.checks)
      const { written, hours } = await backfill.setHours(page)
      for (const hour of hours) if (earliest === undefined || hour < earliest) earliest = hour
      report.checks += written
      if (page.length < read.length || report.checks >= maxChecks) {
        stopped = true
        break
      }
    }
    if (earliest !== undefined) {
      report.tenants++
      const cursor = await store.retentionCursors.get(tenant._id)
      if (cursor !== undefined && cursor >= earliest) {
        await store.retentionCursors.set(tenant._id, previousHour(earliest), options.now)
        report.rewound++
      }
    }
    if (stopped) {
      report.complete = false
      break
    }
    await backfill.markDone(tenant._id, options.now)
  }
  return report
}
