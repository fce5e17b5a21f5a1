/**
 * THE one place a deployment learns a fingerprint from genuine files: measure each screened file, with the
 * variant extraction read (the calibration's `variant:` stratum), and learn the family with its calibration
 * (`learnFamilyFingerprint`, packages/core/src/stages/authenticity/learning/learn-family.ts: false-alarm rates of the soft
 * checks from an inner k-fold), the same learner scripts/corpus/learn-fingerprints.ts uses for the committed
 * fingerprints. Confirmed receipts the learning guard refused are `judgedOnly`: calibrated on, not learned.
 */

import type { Fingerprint, LearningSample } from '@rv/core/authenticity'
import { learnFamilyFingerprint, sampleOf } from '@rv/core/authenticity'
import { parsePdfStructure } from '@rv/core/pdf'
import type { ScreenedSample } from './screen-samples'

/** A screened file as a learning sample of `family`, with its variant as extraction read it. */
export function learningSampleOf(
  family: string,
  s: Pick<ScreenedSample, 'bytes' | 'extraction'>,
): LearningSample {
  const variant = s.extraction.family.split('/')[1]
  const sample = sampleOf(parsePdfStructure(s.bytes), family)
  return variant === undefined ? sample : { ...sample, variant }
}

/** @example learnFamilyFromScreened('vtb', (await screenSamples('vtb', candidates)).accepted) */
export function learnFamilyFromScreened(
  family: string,
  samples: readonly Pick<ScreenedSample, 'bytes' | 'extraction'>[],
  judgedOnly: readonly Pick<ScreenedSample, 'bytes' | 'extraction'>[] = [],
): Fingerprint {
  return learnFamilyFingerprint(
    family,
    samples.map((s) => learningSampleOf(family, s)),
    { judgedOnly: judgedOnly.map((s) => learningSampleOf(family, s)) },
  )
}

/**
 * From bytes alone, without extraction: no variant strata (the version strata remain). For tests and tools
 * that have no extraction at hand; `fingerprint learn` uses `learnFamilyFromScreened`.
 */
export function learnFamilyFromFiles(family: string, files: readonly Uint8Array[]): Fingerprint {
  return learnFamilyFingerprint(
    family,
    files.map((bytes) => sampleOf(parsePdfStructure(bytes), family)),
  )
}
