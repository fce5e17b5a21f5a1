import type { Fingerprint } from '@rv/core'
import { isDuplicateKeyError } from '../duplicate-key'
import {
  contentHash,
  type FingerprintCollections,
  type FingerprintDocument,
  type FingerprintProvenance,
  type FingerprintVersionInfo,
  fromStored,
  toStored,
  versionLabel,
} from './fingerprint-documents'

export async function latestFingerprint(
  { versions }: FingerprintCollections,
  family: string,
): Promise<FingerprintDocument | undefined> {
  return fromStored(await versions.find({ family }).sort({ version: -1 }).limit(1).next())
}

export async function findFingerprint(
  { versions }: FingerprintCollections,
  family: string,
  version: number,
): Promise<FingerprintDocument | undefined> {
  return fromStored(await versions.findOne({ _id: `${family}:${version}` }))
}

/**
 * Saves a learned fingerprint as the family's next version and returns its document; `created` is
 * false when the content equals the latest version (nothing minted).
 */
export async function saveFingerprint(
  ctx: FingerprintCollections,
  family: string,
  learned: Fingerprint,
  provenance: FingerprintProvenance,
  now = new Date(),
): Promise<{ document: FingerprintDocument; created: boolean }> {
  if (learned.family !== family) throw new Error(`fingerprint of ${learned.family} saved as ${family}`)
  const sha = contentHash(learned)
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await latestFingerprint(ctx, family)
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
      await ctx.versions.insertOne(toStored(document))
      return { document, created: true }
    } catch (error) {
      // Another writer minted this version first: re-read and decide again.
      if (!isDuplicateKeyError(error)) throw error
    }
  }
  throw new Error(`could not save a fingerprint of ${family}: too many concurrent writers`)
}

/** A family's learned versions: the latest, one by number, saving the next, the list with the active one. */
export function createFingerprintVersions(ctx: FingerprintCollections) {
  const { versions, active } = ctx
  return {
    latest: (family: string) => latestFingerprint(ctx, family),
    find: (family: string, version: number) => findFingerprint(ctx, family, version),
    save: (family: string, learned: Fingerprint, provenance: FingerprintProvenance, now?: Date) =>
      saveFingerprint(ctx, family, learned, provenance, now),

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
