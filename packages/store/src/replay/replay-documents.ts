import type { ReplayKeys } from '@rv/core'
import type { ReplayKey } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'

/**
 * Every key of one check, so a judge can compare all kinds, not only the ones that collided. Written by
 * registrations before 29 Nov 2026 only: since then each key document carries them (`keys` below), so a
 * registration is one insert. Still read for a holder whose key document has no `keys`, and erased.
 */
export interface ReplayCheckDocument {
  /** `<tenant>:<check id>`; global keys (cross-tenant profiles): `_global:<tenant>:<check id>` */
  _id: string
  tenant_id: string
  check_id: string
  keys: ReplayKeys
  created_at: string
}

export interface ReplayKeyDocument {
  /**
   * `<tenant>:<kind>:<digest>` (global keys: `_global:<kind>:<digest>`): unique, so the first check to
   * register a key owns it. `tenant_id` is the owner's tenant in both spaces.
   */
  _id: string
  tenant_id: string
  kind: ReplayKey
  digest: string
  check_id: string
  created_at: string
  /**
   * Every key of the claiming check (in this key space's form), so a later check colliding on this one learns
   * them from the collision itself. Absent on keys stored before 29 Nov 2026: their `replay_checks` has them.
   */
  keys?: ReplayKeys
}

/** The key space of global (tenant-free) keys; not a valid tenant id. */
export const globalSpace = '_global'

/** Fixed claiming order: the file key first, since every check has one and identical uploads share it. */
export const claimOrder: readonly ReplayKey[] = ['file_sha256', 'content_hash', 'operation_id', 'semantic']

/**
 * The registry's two collections: the keys (each owned by the first check to claim it) and the checks'
 * registrations of the layout before 29 Nov 2026.
 */
export interface ReplayCollections {
  keys: Collection<ReplayKeyDocument>
  checks: Collection<ReplayCheckDocument>
}

export function openReplayCollections(db: Db): ReplayCollections {
  return {
    keys: db.collection<ReplayKeyDocument>('replay_keys'),
    checks: db.collection<ReplayCheckDocument>('replay_checks'),
  }
}
