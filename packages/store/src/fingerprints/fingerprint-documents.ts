import { createHash } from 'node:crypto'
import type { Fingerprint } from '@rv/core'
import type { Collection, Db } from 'mongodb'

/** Where a learned version's samples came from (counts only: never file names or contents). */
export interface FingerprintProvenance {
  /** Files read from a folder by `fingerprint learn <family> <folder>`. */
  folder: number
  /** Original files of checks an analyst accepted (`--from-accepted`). */
  accepted: number
  /** Confirmed receipts of a version the guard refused: in the calibration only, not learned. */
  calibration_only?: number
  /** A lead who forced the learn past a forgery-regression failure (`--force-by`). */
  forced_by?: string
  note?: string
  /**
   * Who taught this version: the tenants and decision ids (check ids) whose confirmed receipts it learned,
   * the operator who ran the learn, and the operator approvals of new versions it relied on. Absent on
   * versions learned before it was recorded.
   */
  taught_by?: {
    tenants: string[]
    decisions: string[]
    operator: string
    approvals: { version: string; approved_by: string }[]
  }
}

export interface FingerprintDocument {
  /** `<family>:<version>`: unique, so two writers can never mint the same version. */
  _id: string
  family: string
  version: number
  /** The fingerprint as learned, its `version` set to `v<version>`. */
  fingerprint: Fingerprint
  /** SHA-256 of the learned fingerprint without its version: equal content is not minted twice. */
  content_sha256: string
  provenance: FingerprintProvenance
  created_at: Date
}

/**
 * As stored: the fingerprint as JSON text. Its maps are keyed by check names (`content.covered_text`), and
 * MongoDB-wire servers refuse or discourage dots in field names (FerretDB v1 refuses them); the store never
 * queries inside a fingerprint, so text costs nothing.
 */
export type StoredFingerprint = Omit<FingerprintDocument, 'fingerprint'> & { fingerprint_json: string }

export function toStored({ fingerprint, ...rest }: FingerprintDocument): StoredFingerprint {
  return { ...rest, fingerprint_json: JSON.stringify(fingerprint) }
}

export function fromStored(doc: StoredFingerprint | null): FingerprintDocument | undefined {
  if (!doc) return undefined
  const { fingerprint_json, ...rest } = doc
  return { ...rest, fingerprint: JSON.parse(fingerprint_json) as Fingerprint }
}

/** The active pointer of a family; absent = the committed (builtin) fingerprint judges. */
export interface ActiveDocument {
  _id: string
  version: number
  /** Versions active before, oldest first: `rollback` returns to the last one. */
  history: number[]
  at: Date
}

export interface FingerprintVersionInfo {
  version: number
  samples: number
  provenance: FingerprintProvenance
  created_at: string
  active: boolean
}

export const versionLabel = (version: number) => `v${version}`

export function contentHash(fp: Fingerprint): string {
  const { version: _v, ...content } = fp
  return createHash('sha256').update(JSON.stringify(content)).digest('hex')
}

/** The versions of every family and the pointer to the one each family is judged with. */
export interface FingerprintCollections {
  versions: Collection<StoredFingerprint>
  active: Collection<ActiveDocument>
}

export function openFingerprintCollections(db: Db): FingerprintCollections {
  return {
    versions: db.collection<StoredFingerprint>('fingerprints'),
    active: db.collection<ActiveDocument>('fingerprint_active'),
  }
}
