import type { Db } from 'mongodb'
import { createFingerprintActive } from './fingerprints/fingerprint-active'
import { openFingerprintCollections } from './fingerprints/fingerprint-documents'
import { createFingerprintVersions } from './fingerprints/fingerprint-versions'

export {
  type FingerprintDocument,
  type FingerprintProvenance,
  type FingerprintVersionInfo,
  versionLabel,
} from './fingerprints/fingerprint-documents'

/**
 * Fingerprints learned in production, versioned immutably per family (`fingerprints`), and the version
 * each family is judged with (`fingerprint_active`). A saved version is never edited: relearning mints
 * latest + 1 (unless the content equals the latest), and activation only moves the pointer, so every
 * check's recorded `fingerprint.version` stays explainable. Without a pointer the committed fingerprint
 * in packages/core judges (`builtin`).
 */
export function createFingerprintRepository(db: Db) {
  const ctx = openFingerprintCollections(db)
  return {
    async ensureIndexes(): Promise<void> {
      await ctx.versions.createIndex({ family: 1, version: -1 })
    },
    ...createFingerprintVersions(ctx),
    ...createFingerprintActive(ctx),
  }
}

export type FingerprintRepository = ReturnType<typeof createFingerprintRepository>
