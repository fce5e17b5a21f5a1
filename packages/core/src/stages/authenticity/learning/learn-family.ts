/**
 * The one entry point for learning a family: genuine samples in, a calibrated fingerprint out. The
 * fingerprint itself is learned from every sample (`learnFingerprint`); each soft check's false-alarm rate
 * is measured out of sample by an inner k-fold — a fingerprint learned from the other folds judges each
 * fold — because a fingerprint trivially passes the files it was learned from.
 *
 * @example learnFamilyFingerprint('vtb', files.map((f) => sampleOf(parsePdfStructure(f.bytes), 'vtb', f.name)))
 */
import type { CheckResult } from '@rv/schemas'
import { pooledWriterCalibration, withPooledWriterCounts } from '../calibration/pooled-calibration'
import {
  type Calibration,
  type Fingerprint,
  type LearningSample,
  learnFingerprint,
} from '../fingerprint/fingerprint'
import { fingerprints } from '../fingerprint/fingerprints'
import { VERSION_BOUND_CHECKS } from '../fingerprint/generator-versions'
import { withWrittenFacts, writtenFacts } from '../fingerprint/written-facts'
import { checksOfSample, stratumOf } from '../judging/assess'
import { variantKey, versionKey } from '../judging/stratified-rate'

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

/**
 * How often each soft check failed on samples a fingerprint had not been learned from.
 *
 * `judgedOnly` are genuine receipts confirmed by people that the fingerprint must not learn (a template
 * version the learning guard refused): labelled samples all the same, so each is judged by its fold's
 * fingerprint and counted in the family, variant and version counts like any held-out sample — a check
 * that fires on them gets a higher rate in their strata and weighs less there — but never trained on.
 * Their version-bound checks (producer, creator, PDF versions, Info keys, fonts) are not counted: those
 * say "a version the fingerprint does not know", which is what the guard refused to accept; counting them
 * would soften exactly that (one confirmed receipt of a new producer would make the producer check weigh
 * nothing on its version).
 */
export function calibrate(
  family: string,
  samples: readonly LearningSample[],
  folds = INNER_FOLDS,
  judgedOnly: readonly LearningSample[] = [],
): Calibration | undefined {
  const k = Math.min(folds, samples.length)
  if (k < 2) return undefined
  const checks: Calibration['checks'] = {}
  const strata: Record<string, Calibration['checks']> = {}
  const judge = (sample: LearningSample, fp: ReturnType<typeof learnFingerprint>, confirmedOnly: boolean) => {
    const results = checksOfSample(sample, fp).filter(
      (c) => !confirmedOnly || !VERSION_BOUND_CHECKS.has(c.name),
    )
    for (const c of results) count(checks, c)
    for (const key of stratumKeys(sample)) {
      strata[key] ??= {}
      for (const c of results) count(strata[key]!, c)
    }
  }
  for (let fold = 0; fold < k; fold++) {
    const fp = learn(
      family,
      samples.filter((_, i) => foldOf(i, k) !== fold),
    )
    for (const [group, confirmedOnly] of [
      [samples, false],
      [judgedOnly, true],
    ] as const)
      group.forEach((sample, i) => {
        if (foldOf(i, k) === fold) judge(sample, fp, confirmedOnly)
      })
  }
  const unseen = {
    ...heldOutBy(family, samples, judgedOnly, (s) =>
      s.variant === undefined ? undefined : variantKey(s.variant),
    ),
    ...heldOutBy(family, samples, judgedOnly, (s) => versionKey(stratumOf(s).version)),
  }
  const confirmed = judgedOnly.length > 0 ? ` (+ ${judgedOnly.length} confirmed, judged only)` : ''
  return {
    method: `inner ${k}-fold over ${samples.length} genuine samples${confirmed}`,
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
 * learned without it judges its samples (the judged-only ones too); counts per stratum key. Empty when
 * there are fewer than two strata.
 */
function heldOutBy(
  family: string,
  samples: readonly LearningSample[],
  judgedOnly: readonly LearningSample[],
  keyOf: (s: LearningSample) => string | undefined,
): Record<string, Calibration['checks']> {
  const all = [...samples, ...judgedOnly]
  const keys = [...new Set(all.map(keyOf).filter((g): g is string => g !== undefined))].sort()
  const out: Record<string, Calibration['checks']> = {}
  if (keys.length < 2) return out
  for (const key of keys) {
    const train = samples.filter((s) => keyOf(s) !== key)
    if (train.length === 0) continue
    const fp = learn(family, train)
    const checks: Calibration['checks'] = {}
    for (const sample of all) {
      if (keyOf(sample) !== key) continue
      const confirmedOnly = judgedOnly.includes(sample)
      for (const c of checksOfSample(sample, fp))
        if (!confirmedOnly || !VERSION_BOUND_CHECKS.has(c.name)) count(checks, c)
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

export interface LearnFamilyOptions {
  version?: string
  folds?: number
  /** Confirmed genuine receipts counted in the calibration but not learned from (see `calibrate`). */
  judgedOnly?: readonly LearningSample[]
}

export function learnFamilyFingerprint(
  family: string,
  samples: readonly LearningSample[],
  options: LearnFamilyOptions = {},
): Fingerprint {
  const fp = learn(family, samples)
  const own = calibrate(family, samples, options.folds, options.judgedOnly)
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
