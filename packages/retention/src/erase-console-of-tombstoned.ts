import type { Store } from '@rv/store'
import type { ErasureParticipant } from './erasure-registry'

export interface TombstonePassOptions {
  now: Date
  /** Checks erased between two saves of the tenant's marker (what a crash makes the next run redo). */
  batch?: number
  /**
   * Erased checks visited per run at most (the hourly job stays short; the next run goes on). Also the
   * page: a tenant's tombstone ids are read once per run, at most this many.
   */
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
  migrationProgress: Pick<Store['migrationProgress'], 'get' | 'advance' | 'markDone'>
}

/** The `migrations` marker of a tenant: `console.tombstones:<tenant>`. */
export const tombstonePassMigration = 'console.tombstones'

/**
 * Erases the console's data of checks erased before the console joined the erasure (an earlier DELETE or
 * retention sweep left their decisions, audit entries, queue entry and forgery-set entry behind). Each
 * tenant's tombstones are read in `_id` order after the last one done, one page per run of at most what is
 * left of `maxChecks` (ids only): FerretDB pushes only the tenant down, so every read costs all the
 * tenant's tombstones whatever its limit (≈10 s at 100 000 on the loaded dev machine, docs/data-retention.md)
 * and smaller pages would multiply it. Every id is handed to `participants`, and the last one done is saved
 * every `batch`: a run cut short goes on there, and a tenant wholly read is marked done and never read
 * again (a check erased since then took its console data with it). Idempotent: the participants'
 * `eraseCheck` finds nothing the second time.
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
  const batch = options.batch ?? 500
  const maxChecks = options.maxChecks ?? 10_000
  const report: TombstonePassReport = { tenants: 0, checks: 0, complete: true }
  const markers = store.migrationProgress
  for (const tenant of await store.tenants.listTenants()) {
    const progress = await markers.get(migration, tenant._id)
    if (progress?.done) continue
    const limit = maxChecks - report.checks
    if (limit <= 0) {
      report.complete = false
      break
    }
    report.tenants++
    let after = progress?.after ?? null
    const page = await store.tombstones.idsOfTenant(tenant._id, after, limit)
    for (let from = 0; from < page.length; from += batch) {
      const done = page.slice(from, from + batch)
      // The participants of a check hold different collections: asked together. A failure leaves these
      // ids unmarked, so the next run asks again (they are idempotent).
      for (const checkId of done)
        await Promise.all(participants.map((p) => p.eraseCheck({ tenantId: tenant._id, checkId })))
      report.checks += done.length
      after = done.at(-1) ?? after
      if (after !== null) await markers.advance(migration, tenant._id, after, options.now)
    }
    // A full page may not be the tenant's last: the next run reads on after it. A short one is (a
    // tombstone written since came from an erasure the console is part of).
    if (page.length === limit) {
      report.complete = false
      break
    }
    await markers.markDone(migration, tenant._id, after, options.now)
  }
  return report
}
