/**
 * Per-tenant progress of a data migration that reads a collection in `_id` order (`migrations`, beside the
 * `created_hour` backfill's markers): the last id done, so a run cut short goes on from there, and `done`
 * once the tenant was wholly read, so a finished tenant is never read again (one `_id` read per tenant).
 */
import type { Db } from 'mongodb'
import { findOneWith, retentionQueries } from './store-queries'

interface ProgressDocument {
  _id: string
  at: Date
  done: boolean
  after: string | null
}

export interface MigrationProgress {
  done: boolean
  /** The last id done (null: none yet). */
  after: string | null
}

export function createMigrationProgress(db: Db) {
  const markers = db.collection<ProgressDocument>('migrations')
  const id = (migration: string, tenantId: string) => `${migration}:${tenantId}`
  const save = (migration: string, tenantId: string, progress: MigrationProgress, now: Date) =>
    markers.replaceOne({ _id: id(migration, tenantId) }, { at: now, ...progress }, { upsert: true })
  return {
    /** Where the migration stands for the tenant: null before its first page. */
    async get(migration: string, tenantId: string): Promise<MigrationProgress | null> {
      const doc = await findOneWith(markers, retentionQueries.migrationById(id(migration, tenantId)))
      return doc === null ? null : { done: doc.done, after: doc.after }
    },
    /** After each page: a run cut short goes on after `after`. */
    async advance(migration: string, tenantId: string, after: string, now: Date): Promise<void> {
      await save(migration, tenantId, { done: false, after }, now)
    },
    async markDone(migration: string, tenantId: string, after: string | null, now: Date): Promise<void> {
      await save(migration, tenantId, { done: true, after }, now)
    },
    /** Erasure of a tenant: every migration's marker of it (`<migration>:<tenant>`; a few per tenant). */
    async eraseTenant(tenantId: string): Promise<void> {
      const escaped = tenantId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      await markers.deleteMany({ _id: { $regex: `:${escaped}$` } })
    },
  }
}

export type MigrationProgressMarkers = ReturnType<typeof createMigrationProgress>
