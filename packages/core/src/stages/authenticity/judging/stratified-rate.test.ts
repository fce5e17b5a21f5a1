import { describe, expect, it } from 'vitest'
import { emptyFingerprint } from '../../../testing/authenticity/empty-fingerprint'
import type { Calibration } from '../fingerprint/fingerprint'
import { PRIOR_STRENGTH, stratifiedRate } from './stratified-rate'
import { falseAlarmRate, HABIT_FALSE_ALARM, weightOf } from './verdict-score'

const c = (judged: number, fired: number) => ({ 'fonts.first_use_order': { judged, fired } })

/** Alfa's shape: 27 SBP receipts, 14 abroad (one fire), three thin variants, one generator version. */
const calibration: Calibration = {
  method: 'test',
  checks: c(46, 1),
  strata: {
    'variant:sbp': c(27, 0),
    'variant:abroad': c(14, 1),
    'variant:client': c(3, 0),
    'variant:card': c(1, 0),
    'variant:mobile': c(1, 0),
    'version:BI 12': c(46, 1),
  },
  unseen: { 'variant:sbp': c(27, 0), 'variant:abroad': c(14, 1), 'variant:mobile': c(1, 0) },
}
const rate = (variant: string) =>
  stratifiedRate(calibration, 'fonts.first_use_order', { variant, version: 'BI 12' })!.rate

describe('stratified false-alarm rates', () => {
  it('pools the prior over variants, not receipts: fired in 1 of 5 → 2/7', () => {
    expect(rate('unheard-of')).toBeCloseTo(2 / 7, 6)
  })

  it('counts a check in full on a well-sampled variant and weakly on a thin one', () => {
    const prior = 2 / 7
    expect(rate('sbp')).toBeCloseTo((0 + PRIOR_STRENGTH * prior) / (27 + PRIOR_STRENGTH), 6)
    expect(weightOf(rate('sbp'))).toBeGreaterThan(2.5)
    expect(weightOf(rate('mobile'))).toBeLessThan(1)
    expect(rate('abroad')).toBeGreaterThan(rate('sbp'))
  })

  it('answers a repeated question as the first time, per check and stratum (rates are kept per calibration)', () => {
    const questions: [string, { variant?: string; version?: string }][] = [
      ['fonts.first_use_order', { variant: 'sbp', version: 'BI 12' }],
      ['fonts.first_use_order', { variant: 'abroad', version: 'BI 12' }],
      ['fonts.first_use_order', { version: 'BI 12' }],
      ['fonts.first_use_order', { variant: 'BI 12' }],
      ['another.check', { variant: 'sbp' }],
    ]
    const first = questions.map(([name, stratum]) => stratifiedRate(calibration, name, stratum))
    const again = questions.map(([name, stratum]) => stratifiedRate(calibration, name, stratum))
    const fresh = questions.map(([name, stratum]) =>
      stratifiedRate(structuredClone(calibration), name, stratum),
    )
    expect(again).toEqual(first)
    expect(first).toEqual(fresh)
    expect(new Set(first.slice(0, 4).map((r) => r!.rate)).size).toBe(4)
  })

  it('takes the less known side: a thin variant of a well-known version stays thin', () => {
    const versionOnly = stratifiedRate(calibration, 'fonts.first_use_order', { version: 'BI 12' })!
    expect(versionOnly.rate).toBeLessThan(rate('mobile'))
    expect(versionOnly.basis).toMatch(/prior .* \(family\)/)
  })

  it('replaces the habit floor only where strata exist', () => {
    const fp = emptyFingerprint({ calibration })
    expect(falseAlarmRate(fp, 'fonts.first_use_order', { variant: 'sbp' }).rate).toBeLessThan(
      HABIT_FALSE_ALARM,
    )
    expect(falseAlarmRate(fp, 'fonts.first_use_order').rate).toBe(HABIT_FALSE_ALARM)
    const { strata: _, ...flat } = calibration
    expect(stratifiedRate(flat, 'fonts.first_use_order', { variant: 'sbp' })).toBeNull()
  })

  it("judges the PDF writer's habits by the version alone: a thin variant does not weaken them", () => {
    const writer = (judged: number, fired: number) => ({ 'structure.deflate_fingerprint': { judged, fired } })
    const fp = emptyFingerprint({
      calibration: {
        method: 'test',
        checks: writer(46, 0),
        strata: {
          'variant:sbp': writer(45, 0),
          'variant:mobile': writer(1, 0),
          'version:BI 12': writer(46, 0),
        },
        unseen: { 'variant:sbp': writer(45, 0), 'variant:mobile': writer(1, 0) },
      },
    })
    const thin = falseAlarmRate(fp, 'structure.deflate_fingerprint', { variant: 'mobile', version: 'BI 12' })
    const versionOnly = falseAlarmRate(fp, 'structure.deflate_fingerprint', { version: 'BI 12' })
    expect(thin).toEqual(versionOnly)
    expect(weightOf(thin.rate)).toBeGreaterThan(3.5)
  })
})
