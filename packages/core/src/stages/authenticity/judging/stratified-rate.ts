/**
 * A soft check's false-alarm rate for one document, by how much the calibration knows about its kind.
 *
 * The family's inner k-fold says how often a check fired on held-out genuine receipts of the family as a
 * whole. That is the wrong number for a variant seen three times: a check exact on 37 SBP receipts may fire
 * on a rarer layout (more glyphs, another footer) that the 37 say nothing about — and on unseen receipts it
 * did (VTB abroad, Alfa mobile). So the k-fold counts are also kept per stratum — the document's variant and
 * its generator version — and a stratum's rate is a hierarchical (beta-binomial) estimate:
 *
 *   prior          = (strata where the check ever fired + 1) / (strata judged + 2)
 *   rate(stratum)  = (fired + PRIOR_STRENGTH · prior) / (judged + PRIOR_STRENGTH)
 *
 * The prior is counted in strata, not receipts: what the calibration knows about a layout it has barely
 * seen is how many layouts the check has held on (5 of Alfa's variants: prior 1/7), not how many receipts
 * of the common one it passed. A stratum "fired" when the check failed one of its receipts held out by the
 * inner k-fold or with the whole stratum left out of learning (`calibration.unseen`). A well-sampled
 * variant's own count dominates (exact there: counted in full); a thin one sits near the prior (counted
 * weakly). The document's rate is the larger of its variant's and its version's: the less known side
 * decides. A side with fewer than two strata (one generator version) has nothing to pool: its prior is
 * the family's rate. Without strata (older and hand-written fingerprints) the family rate applies.
 */
import type { Calibration } from '../fingerprint/fingerprint'

/**
 * Pseudo-receipts of prior weight: from 4 receipts on, a stratum's own count outweighs the prior. Chosen,
 * not fitted: with Alfa's 27 SBP receipts and no fire, a check holding on 4 of 5 variants weighs
 * ln(0.5 / ((0 + 4·2/7) / 31)) ≈ 2.6, enough alone; on a variant seen once it weighs ≈ 0.8.
 */
export const PRIOR_STRENGTH = 4

export interface Count {
  judged: number
  fired: number
}

/** Where a document stands: its variant (`sbp`, `card`, …) and its generator version label. */
export interface Stratum {
  variant?: string
  version?: string
}

export const variantKey = (variant: string) => `variant:${variant}`
export const versionKey = (version: string) => `version:${version}`

/** (fired + 1) / (judged + 2): never zero, so 0 of 46 is rare, not impossible. */
export function laplaceRate(c: Count): number {
  return (c.fired + 1) / (c.judged + 2)
}

export interface StratumRate {
  rate: number
  basis: string
}

/** Sibling strata of one kind (`variant:` or `version:`) and whether the check ever fired in each. */
function stratumPrior(calibration: Calibration, prefix: string, name: string): number | null {
  const keys = new Set(
    [...Object.keys(calibration.strata ?? {}), ...Object.keys(calibration.unseen ?? {})].filter((k) =>
      k.startsWith(prefix),
    ),
  )
  let judged = 0
  let fired = 0
  for (const key of keys) {
    const counts = [calibration.strata?.[key]?.[name], calibration.unseen?.[key]?.[name]]
    if (!counts.some((c) => c && c.judged > 0)) continue
    judged++
    if (counts.some((c) => c && c.fired > 0)) fired++
  }
  return judged < 2 ? null : (fired + 1) / (judged + 2)
}

/**
 * The stratified rate of one check, or null when the calibration keeps no strata (the caller then uses
 * the family rate).
 */
export function stratifiedRate(
  calibration: Calibration | undefined,
  name: string,
  stratum: Stratum | undefined,
): StratumRate | null {
  if (!calibration?.strata || !stratum) return null
  let rates = ratesByCalibration.get(calibration)
  if (!rates) {
    rates = new Map()
    ratesByCalibration.set(calibration, rates)
  }
  const key = JSON.stringify([name, stratum.variant ?? null, stratum.version ?? null])
  let rate = rates.get(key)
  if (rate === undefined) {
    rate = countStratifiedRate(calibration, name, stratum)
    rates.set(key, rate)
  }
  return rate
}

/**
 * Rates already worked out, per calibration object (a fingerprint's calibration is read once and never
 * changed): each walks every stratum of the calibration, and a document asks one per soft check.
 */
const ratesByCalibration = new WeakMap<Calibration, Map<string, StratumRate | null>>()

function countStratifiedRate(calibration: Calibration, name: string, stratum: Stratum): StratumRate | null {
  if (!calibration.strata) return null
  const family = calibration.checks[name]
  if (!family || family.judged === 0) return null
  const sides: [string, string][] = []
  if (stratum.variant !== undefined) sides.push(['variant:', stratum.variant])
  if (stratum.version !== undefined) sides.push(['version:', stratum.version])
  let best: StratumRate | null = null
  for (const [prefix, value] of sides) {
    const pooled = stratumPrior(calibration, prefix, name)
    const prior = pooled ?? laplaceRate(family)
    const own = calibration.strata[`${prefix}${value}`]?.[name] ?? { judged: 0, fired: 0 }
    const rate = (own.fired + PRIOR_STRENGTH * prior) / (own.judged + PRIOR_STRENGTH)
    const basis = `${prefix.slice(0, -1)} ${own.fired}/${own.judged}, prior ${prior.toFixed(3)} (${pooled === null ? 'family' : 'strata'})`
    if (!best || rate > best.rate) best = { rate, basis }
  }
  return best
}
