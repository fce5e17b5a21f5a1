import { hoursToErase } from '@rv/core/retention'
import type { Store } from '@rv/store'
import type { Erasure } from './erasure'

export interface RetentionSweepOptions {
  now: Date
  /** Days kept for a tenant without its own `retention_days` (RETENTION_DAYS); 0 keeps forever. */
  defaultDays: number
  /** Hour buckets per tenant per sweep (bounds one sweep after a long pause). */
  maxHours?: number
  /** Checks read per query. */
  batch?: number
}

export interface RetentionSweepReport {
  tenants: number
  hours: number
  checks: number
  /** Credit lines received in the hours swept (docs/settlement.md: credits are kept as long as checks). */
  credits: number
}

/**
 * One pass of the retention sweeper: for each tenant, the hour buckets wholly past its retention after its
 * cursor (`hoursToErase`), each read by an equality on `{tenant_id, created_hour}` and erased a batch at a
 * time, then the credit lines received in that hour (`{tenant_id, received_hour}`), the cursor moved once
 * an hour is empty. A pass costs the expired checks plus one query per tenant
 * and hour, whatever is stored (docs/data-retention.md).
 */
export async function sweepRetention(
  store: Pick<Store, 'tenants' | 'checks' | 'retentionCursors' | 'settlementErasure'>,
  erasure: Pick<Erasure, 'eraseFound'>,
  options: RetentionSweepOptions,
): Promise<RetentionSweepReport> {
  const report: RetentionSweepReport = { tenants: 0, hours: 0, checks: 0, credits: 0 }
  const batch = options.batch ?? 100
  for (const tenant of await store.tenants.listTenants()) {
    const hours = hoursToErase({
      now: options.now,
      retentionDays: tenant.retention_days ?? options.defaultDays,
      after: await store.retentionCursors.get(tenant._id),
      from: tenant.created_at,
      maxHours: options.maxHours ?? 24 * 7,
    })
    if (hours.length > 0) report.tenants++
    for (const hour of hours) {
      for (;;) {
        const docs = await store.checks.findCreatedInHour(tenant._id, hour, batch)
        if (docs.length === 0) break
        for (const doc of docs) await erasure.eraseFound(doc, 'retention')
        report.checks += docs.length
      }
      // The tenant's bank credits of the same hour, joined or not: a joined one went with its check already.
      report.credits += await store.settlementErasure.eraseCreditsReceivedInHour(tenant._id, hour)
      await store.retentionCursors.set(tenant._id, hour, options.now)
      report.hours++
    }
  }
  return report
}
