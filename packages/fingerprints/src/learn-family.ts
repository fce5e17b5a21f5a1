/**
 * THE one place a deployment learns a fingerprint from genuine files: parse each, measure it, and learn the
 * family with its calibration (`learnFamilyFingerprint`, packages/core/src/authenticity/learn-family.ts:
 * false-alarm rates of the soft checks from an inner k-fold), the same learner scripts/learn-fingerprints.ts
 * uses for the committed fingerprints.
 */
import { sampleOf } from '@rv/core/authenticity/assess'
import type { Fingerprint } from '@rv/core/authenticity/fingerprint'
import { learnFamilyFingerprint } from '@rv/core/authenticity/learn-family'
import { parsePdfStructure } from '@rv/core/pdf/structure/index'

/** @example learnFamilyFromFiles('vtb', files.map((f) => f.bytes)) */
export function learnFamilyFromFiles(family: string, files: readonly Uint8Array[]): Fingerprint {
  return learnFamilyFingerprint(
    family,
    files.map((bytes) => sampleOf(parsePdfStructure(bytes), family)),
  )
}
