/**
 * The one entry point for learning a family: genuine samples in, a calibrated fingerprint out. The
 * fingerprint itself is learned from every sample (`learnFingerprint`); each soft check's false-alarm rate
 * is measured out of sample by an inner k-fold — a fingerprint learned from the other folds judges each
 * fold — because a fingerprint trivially passes the files it was learned from.
 *
 * @example learnFamilyFingerprint('vtb', files.map((f) => sampleOf(parsePdfStructure(f.bytes), 'vtb', f.name)))
 */
import type { CheckResult } from '@rv/schemas'
import { checksOfSample, stratumOf } from './assess'
import { type Calibration, type Fingerprint, type LearningSample, learnFingerprint } from './fingerprint'
import { fingerprints } from './fingerprints'
import { pooledWriterCalibration, withPooledWriterCounts } from './pooled-calibration'
import { variantKey, versionKey } from './stratified-rate'
import { withWrittenFacts, writtenFacts } from './written-facts'

/** A fingerprint learned from the samples, with the family's written facts merged in (written-facts.ts). */
function learn(family: string, samples: readonly LearningSample[]): Fingerprint {
  return withWrittenFacts(learnFingerprint(family, samples))
}

/** Inner folds; fewer when there are fewer samples (one sample: no calibration, the default rate applies). */
export const INNER_FOLDS = 5

/** Fold of the i-th sample: interleaved, so files in name order (usually time order) spread over folds. */
export function foldOf(index: number, folds: number): number {
  return index % folds
}

/** How often each soft check failed on samples a fingerprint had not been learned from. */
export function calibrate(
  family: string,
  samples: readonly LearningSample[],
  folds = INNER_FOLDS,
): Calibration | undefined {
  const k = Math.min(folds, samples.length)
  if (k < 2) return undefined
  const checks: Calibration['checks'] = {}
  const strata: Record<string, Calibration['checks']> = {}
  for (let fold = 0; fold < k; fold++) {
    const train = samples.filter((_, i) => foldOf(i, k) !== fold)
    const fp = learn(family, train)
    samples.forEach((sample, i) => {
      if (foldOf(i, k) !== fold) return
      const results = checksOfSample(sample, fp)
      for (const c of results) count(checks, c)
      for (const key of stratumKeys(sample)) {
        strata[key] ??= {}
        for (const c of results) count(strata[key]!, c)
      }
    })
  }
  const unseen = {
    ...heldOutBy(family, samples, (s) => (s.variant === undefined ? undefined : variantKey(s.variant))),
    ...heldOutBy(family, samples, (s) => versionKey(stratumOf(s).version)),
  }
  return {
    method: `inner ${k}-fold over ${samples.length} genuine samples`,
    checks: sorted(checks),
    strata: Object.fromEntries(
      Object.entries(strata)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, c]) => [key, sorted(c)]),
    ),
    unseen,
  }
}

/** The strata a sample counts in: its variant (when known) and its generator version. */
export function stratumKeys(sample: LearningSample): string[] {
  const { variant, version } = stratumOf(sample)
  return [...(variant === undefined ? [] : [variantKey(variant)]), versionKey(version)]
}

/**
 * Leave-one-stratum-out: for each stratum (a variant, a version) with other samples beside it, a fingerprint
 * learned without it judges its samples; counts per stratum key. Empty when there are fewer than two strata.
 */
function heldOutBy(
  family: string,
  samples: readonly LearningSample[],
  keyOf: (s: LearningSample) => string | undefined,
): Record<string, Calibration['checks']> {
  const keys = [...new Set(samples.map(keyOf).filter((g): g is string => g !== undefined))].sort()
  const out: Record<string, Calibration['checks']> = {}
  if (keys.length < 2) return out
  for (const key of keys) {
    const fp = learn(
      family,
      samples.filter((s) => keyOf(s) !== key),
    )
    const checks: Calibration['checks'] = {}
    for (const sample of samples) {
      if (keyOf(sample) !== key) continue
      for (const c of checksOfSample(sample, fp)) count(checks, c)
    }
    out[key] = sorted(checks)
  }
  return out
}

function count(checks: Calibration['checks'], c: CheckResult): void {
  if (c.hard) return
  const m = checks[c.name] ?? { judged: 0, fired: 0 }
  m.judged++
  if (!c.passed) m.fired++
  checks[c.name] = m
}

function sorted(checks: Calibration['checks']): Calibration['checks'] {
  return Object.fromEntries(Object.entries(checks).sort(([a], [b]) => a.localeCompare(b)))
}

export function learnFamilyFingerprint(
  family: string,
  samples: readonly LearningSample[],
  options: { version?: string; folds?: number } = {},
): Fingerprint {
  const fp = learn(family, samples)
  const own = calibrate(family, samples, options.folds)
  // A thin family (written facts kept) takes the writer checks' counts pooled from the fully learned ones.
  const calibration =
    own && writtenFacts[family]
      ? withPooledWriterCounts(
          own,
          pooledWriterCalibration(Object.values(fingerprints).filter((f) => f.family !== family)),
        )
      : own
  return {
    ...fp,
    ...(options.version === undefined ? {} : { version: options.version }),
    ...(calibration ? { calibration } : {}),
  }
}
