import type { Store } from '@rv/store'
import type { ErasureParticipant } from './erasure-registry'

export interface TombstonePassOptions {
  now: Date
  /** Tombstones read per round trip (FerretDB reads the tenant's tombstones for each: keep pages large). */
  batch?: number
  /** Erased checks visited per run at most (the hourly job stays short; the next run goes on). */
  maxChecks?: number
}

export interface TombstonePassReport {
  /** Tenants whose tombstones were read this run. */
  tenants: number
  /** Erased checks whose console data was erased (again: a check erased since the console joined has none). */
  checks: number
  /** False when `maxChecks` stopped the run: run it again. */
  complete: boolean
}

/** What the pass reads and writes of the store (the whole `Store` fits). */
export interface TombstonePassStore {
  tenants: Pick<Store['tenants'], 'listTenants'>
  tombstones: Pick<Store['tombstones'], 'idsOfTenant'>
  migrationProgress: Store['migrationProgress']
}

/** The `migrations` marker of a tenant: `console.tombstones:<tenant>`. */
export const tombstonePassMigration = 'console.tombstones'

/**
 * Erases the console's data of checks erased before the console joined the erasure (an earlier DELETE or
 * retention sweep left their decisions, audit entries, queue entry and forgery-set entry behind). Each
 * tenant's tombstones are read in `_id` order a page at a time, every tombstoned check is handed to
 * `participants`, and the last id done is saved after each page: a run cut by `maxChecks` goes on there,
 * and a tenant wholly read is marked done and never read again (a check erased since then took its console
 * data with it). Idempotent: the participants' `eraseCheck` finds nothing the second time.
 *
 * Pass `consoleParticipants(store)`: exactly the participants that joined after tombstones existed. The
 * store's own ones (stage results, replay keys, files, accepted checks) ran when the check was erased; the
 * file's object may even be gone under its key. The registry has no "joined late" flag: a participant that
 * joins later brings a pass of its own (or this one with its participants and a new marker name).
 *
 * @example
 * await eraseConsoleOfTombstoned(store, consoleParticipants(store), { now: new Date() })
 */
export async function eraseConsoleOfTombstoned(
  store: TombstonePassStore,
  participants: readonly ErasureParticipant[],
  options: TombstonePassOptions,
  migration = tombstonePassMigration,
): Promise<TombstonePassReport> {
  const batch = options.batch ?? 1000
  const maxChecks = options.maxChecks ?? 10_000
  const report: TombstonePassReport = { tenants: 0, checks: 0, complete: true }
  const markers = store.migrationProgress
  for (const tenant of await store.tenants.listTenants()) {
    const progress = await markers.get(migration, tenant._id)
    if (progress?.done) continue
    if (report.checks >= maxChecks) {
      report.complete = false
      break
    }
    report.tenants++
    let after = progress?.after ?? null
    let finished = false
    while (report.checks < maxChecks) {
      const limit = Math.min(batch, maxChecks - report.checks)
      const ids = await store.tombstones.idsOfTenant(tenant._id, after, limit)
      // The participants of a check hold different collections: asked together. A failure leaves the page
      // unmarked, so the next run asks again (they are idempotent).
      for (const checkId of ids)
        await Promise.all(participants.map((p) => p.eraseCheck({ tenantId: tenant._id, checkId })))
      report.checks += ids.length
      after = ids.at(-1) ?? after
      // A short page is the tenant's last: a tombstone written since came from an erasure the console
      // is part of.
      if (ids.length < limit) {
        finished = true
        break
      }
      if (after !== null) await markers.advance(migration, tenant._id, after, options.now)
    }
    if (!finished) {
      report.complete = false
      break
    }
    await markers.markDone(migration, tenant._id, after, options.now)
  }
  return report
}
