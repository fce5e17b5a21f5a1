/**
 * THE one place a deployment learns a fingerprint from genuine files. It does what
 * scripts/learn-fingerprints.ts does (parse, measure, read printed facts, `learnFingerprint`); when
 * `learnFamilyFingerprint(family, samples)` (packages/core/src/authenticity/learn-family.ts, calibrated)
 * lands, only this function changes.
 */
import { documentFeatures } from '@rv/core/authenticity/features'
import { type Fingerprint, learnFingerprint } from '@rv/core/authenticity/fingerprint'
import { readPrintedFacts } from '@rv/core/authenticity/printed-facts'
import { parsePdfStructure } from '@rv/core/pdf/structure/index'

/** @example learnFamilyFromFiles('vtb', files.map((f) => f.bytes)) */
export function learnFamilyFromFiles(family: string, files: readonly Uint8Array[]): Fingerprint {
  const samples = files.map((bytes) => {
    const structure = parsePdfStructure(bytes)
    const features = documentFeatures(structure)
    return { features, facts: readPrintedFacts(family, features.segments, structure) }
  })
  return learnFingerprint(family, samples)
}
