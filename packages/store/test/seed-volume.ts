import type { Db } from 'mongodb'
import { seedContext, type VolumeOptions } from './seed-context'
import { seedFinishedChecks } from './seed-finished-checks'
import { seedChecksInFlight, seedDeliveries, seedRateWindows, seedRetirements } from './seed-in-flight'
import { seedTenants } from './seed-tenants'

export { seedCheckId, seedTenant } from './seed-check-documents'
export type { VolumeOptions } from './seed-context'

/**
 * Stores `checks` finished checks as the pipeline leaves them, with bulk inserts straight into the
 * collections (the repositories' shapes), plus a few in flight (pending, processing, unpublished), so
 * that every hot-path query has data to answer from and the planner sees a realistic mix. Ids, clocks
 * and keys are derived from the index: the same call seeds the same data.
 */
export async function seedVolume(db: Db, options: VolumeOptions): Promise<void> {
  const ctx = seedContext(db, options)
  const from = options.from ?? 0
  await seedFinishedChecks(ctx, from)
  if (from > 0) return
  await seedChecksInFlight(ctx)
  await seedRetirements(ctx)
  await seedDeliveries(ctx)
  await seedRateWindows(ctx)
  if (options.tenantIds) return
  await seedTenants(ctx)
}

/** Refreshes the server's statistics of every collection (`collStats`: FerretDB runs ANALYZE on it). */
export async function refreshStatistics(db: Db): Promise<void> {
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
    await db.command({ collStats: name })
}
