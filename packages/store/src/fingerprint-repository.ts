import { createHash } from 'node:crypto'
import type { Fingerprint } from '@rv/core'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'

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
type StoredFingerprint = Omit<FingerprintDocument, 'fingerprint'> & { fingerprint_json: string }

function toStored({ fingerprint, ...rest }: FingerprintDocument): StoredFingerprint {
  return { ...rest, fingerprint_json: JSON.stringify(fingerprint) }
}

function fromStored(doc: StoredFingerprint | null): FingerprintDocument | undefined {
  if (!doc) return undefined
  const { fingerprint_json, ...rest } = doc
  return { ...rest, fingerprint: JSON.parse(fingerprint_json) as Fingerprint }
}

/** The active pointer of a family; absent = the committed (builtin) fingerprint judges. */
interface ActiveDocument {
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

function contentHash(fp: Fingerprint): string {
  const { version: _v, ...content } = fp
  return createHash('sha256').update(JSON.stringify(content)).digest('hex')
}

/**
 * Fingerprints learned in production, versioned immutably per family (`fingerprints`), and the version
 * each family is judged with (`fingerprint_active`). A saved version is never edited: relearning mints
 * latest + 1 (unless the content equals the latest), and activation only moves the pointer, so every
 * check's recorded `fingerprint.version` stays explainable. Without a pointer the committed fingerprint
 * in packages/core judges (`builtin`).
 */
export function createFingerprintRepository(db: Db) {
  const versions: Collection<StoredFingerprint> = db.collection<StoredFingerprint>('fingerprints')
  const active: Collection<ActiveDocument> = db.collection<ActiveDocument>('fingerprint_active')

  async function latest(family: string): Promise<FingerprintDocument | undefined> {
    return fromStored(await versions.find({ family }).sort({ version: -1 }).limit(1).next())
  }

  async function find(family: string, version: number): Promise<FingerprintDocument | undefined> {
    return fromStored(await versions.findOne({ _id: `${family}:${version}` }))
  }

  return {
    async ensureIndexes(): Promise<void> {
      await versions.createIndex({ family: 1, version: -1 })
    },

    latest,
    find,

    /**
     * Saves a learned fingerprint as the family's next version and returns its document; `created` is
     * false when the content equals the latest version (nothing minted).
     */
    async save(
      family: string,
      learned: Fingerprint,
      provenance: FingerprintProvenance,
      now = new Date(),
    ): Promise<{ document: FingerprintDocument; created: boolean }> {
      if (learned.family !== family) throw new Error(`fingerprint of ${learned.family} saved as ${family}`)
      const sha = contentHash(learned)
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await latest(family)
        if (current?.content_sha256 === sha) return { document: current, created: false }
        const version = (current?.version ?? 0) + 1
        const document: FingerprintDocument = {
          _id: `${family}:${version}`,
          family,
          version,
          fingerprint: { ...learned, version: versionLabel(version) },
          content_sha256: sha,
          provenance,
          created_at: now,
        }
        try {
          await versions.insertOne(toStored(document))
          return { document, created: true }
        } catch (error) {
          // Another writer minted this version first: re-read and decide again.
          if (!isDuplicateKeyError(error)) throw error
        }
      }
      throw new Error(`could not save a fingerprint of ${family}: too many concurrent writers`)
    },

    /** The version the family is judged with, or undefined for the committed one. */
    async activeVersion(family: string): Promise<number | undefined> {
      return (await active.findOne({ _id: family }))?.version
    },

    /** Makes `version` the one the family is judged with (it must exist); the previous one is remembered. */
    async activate(family: string, version: number, now = new Date()): Promise<void> {
      if (!(await find(family, version))) throw new Error(`no fingerprint ${family} ${versionLabel(version)}`)
      const current = await active.findOne({ _id: family })
      if (current?.version === version) return
      const history = current ? [...current.history, current.version] : []
      await active.replaceOne({ _id: family }, { version, history, at: now }, { upsert: true })
    },

    /**
     * Returns to the version active before the current one, or to the committed fingerprint when there
     * was none; resolves to the version now active (undefined = builtin).
     */
    async rollback(family: string, now = new Date()): Promise<number | undefined> {
      const current = await active.findOne({ _id: family })
      if (!current) throw new Error(`${family} is judged with the builtin fingerprint: nothing to roll back`)
      const previous = current.history.at(-1)
      if (previous === undefined) {
        await active.deleteOne({ _id: family })
        return undefined
      }
      await active.replaceOne(
        { _id: family },
        { version: previous, history: current.history.slice(0, -1), at: now },
      )
      return previous
    },

    /** Every family's active stored fingerprint (families without a pointer are absent). */
    async activeAll(): Promise<Record<string, Fingerprint>> {
      const pointers = await active.find({}).toArray()
      const docs = await Promise.all(pointers.map((p) => find(p._id, p.version)))
      const out: Record<string, Fingerprint> = {}
      for (const doc of docs) if (doc) out[doc.family] = doc.fingerprint
      return out
    },

    /** A family's versions, oldest first, with which one is active. */
    async list(family: string): Promise<FingerprintVersionInfo[]> {
      const [docs, pointer] = await Promise.all([
        versions.find({ family }).sort({ version: 1 }).toArray(),
        active.findOne({ _id: family }),
      ])
      return docs
        .map(fromStored)
        .flatMap((d) => (d ? [d] : []))
        .map((d) => ({
          version: d.version,
          samples: d.fingerprint.samples,
          provenance: d.provenance,
          created_at: d.created_at.toISOString(),
          active: pointer?.version === d.version,
        }))
    },
  }
}

export type FingerprintRepository = ReturnType<typeof createFingerprintRepository>
