import { describe, expect, it } from 'vitest'
import { emptyFingerprint } from '../../../testing/authenticity/empty-fingerprint'
import type { Fingerprint } from '../fingerprint/fingerprint'
import { falseAlarmRate, weightOf } from '../judging/verdict-score'
import { isWriterCheck, pooledWriterCalibration, withPooledWriterCounts } from './pooled-calibration'

function fp(family: string, checks: Record<string, { judged: number; fired: number }>): Fingerprint {
  return emptyFingerprint({
    family,
    calibration: { method: 'inner 5-fold over 46 genuine samples', checks },
  })
}

describe('pooledWriterCalibration', () => {
  const vtb = fp('vtb', {
    'structure.deflate_fingerprint': { judged: 46, fired: 0 },
    'content.operator_spacing': { judged: 46, fired: 1 },
    'content.position_grid': { judged: 46, fired: 0 },
    'layout.alignment': { judged: 46, fired: 2 },
    'structure.page_height': { judged: 46, fired: 0 },
  })
  const alfa = fp('alfa', {
    'structure.deflate_fingerprint': { judged: 46, fired: 0 },
    'content.operator_spacing': { judged: 46, fired: 0 },
    'fonts.first_use_order': { judged: 46, fired: 1 },
  })

  it('given two learned families, then the writer checks sum their out-of-sample counts', () => {
    const pooled = pooledWriterCalibration([vtb, alfa])!
    expect(pooled.checks['structure.deflate_fingerprint']).toEqual({ judged: 92, fired: 0 })
    expect(pooled.checks['content.operator_spacing']).toEqual({ judged: 92, fired: 1 })
    expect(pooled.checks['content.position_grid']).toEqual({ judged: 46, fired: 0 })
    expect(pooled.method).toContain('vtb (inner 5-fold over 46 genuine samples)')
  })

  it("given a layout, size or bank habit, then it is not pooled: a template's facts do not transfer", () => {
    const pooled = pooledWriterCalibration([vtb, alfa])!
    expect(pooled.checks['layout.alignment']).toBeUndefined()
    expect(pooled.checks['structure.page_height']).toBeUndefined()
    expect(pooled.checks['fonts.first_use_order']).toBeUndefined()
    expect(isWriterCheck('structure.xref_line_ends')).toBe(true)
    expect(isWriterCheck('fonts.set')).toBe(false)
    expect(isWriterCheck('semantics.amount_format')).toBe(false)
  })

  it('given a hand-written fingerprint with the pooled counts, then a writer check weighs as measured, the rest at the default', () => {
    const handWritten: Fingerprint = {
      ...fp('tbank', {}),
      source: 'FAMILIES.md',
      calibration: pooledWriterCalibration([vtb, alfa])!,
    }
    expect(falseAlarmRate(handWritten, 'structure.deflate_fingerprint')).toEqual({
      rate: 1 / 94,
      basis: '0/92',
    })
    expect(weightOf(falseAlarmRate(handWritten, 'structure.deflate_fingerprint').rate)).toBeGreaterThan(2.5)
    expect(falseAlarmRate(handWritten, 'layout.alignment').basis).toBe('default')
  })

  it('given no learned family, then nothing to pool', () => {
    expect(pooledWriterCalibration([])).toBeUndefined()
    expect(pooledWriterCalibration([{ ...vtb, source: 'FAMILIES.md' }])).toBeUndefined()
  })
})

describe('withPooledWriterCounts (a thin learned family)', () => {
  const own = {
    method: 'inner 5-fold over 6 genuine samples',
    checks: {
      'structure.deflate_fingerprint': { judged: 6, fired: 0 },
      'layout.alignment': { judged: 6, fired: 1 },
    },
    strata: {
      'version:A': {
        'structure.deflate_fingerprint': { judged: 4, fired: 0 },
        'layout.alignment': { judged: 4, fired: 1 },
      },
    },
  }
  const pooled = {
    method:
      'writer checks pooled from vtb (inner 5-fold over 46 genuine samples); every other check at the default rate',
    checks: { 'structure.deflate_fingerprint': { judged: 92, fired: 0 } },
  }

  it('adds the pooled writer counts and judges the writer checks by them alone, not by thin strata', () => {
    const c = withPooledWriterCounts(own, pooled)
    expect(c.checks['structure.deflate_fingerprint']).toEqual({ judged: 98, fired: 0 })
    expect(c.checks['layout.alignment']).toEqual({ judged: 6, fired: 1 })
    expect(c.strata?.['version:A']).toEqual({ 'layout.alignment': { judged: 4, fired: 1 } })
    const thin = emptyFingerprint({ family: 'tbank', samples: 6, calibration: c })
    // 0 of 98 → weight ≈ 3.9 (writer habit of a Java library), not ≈ 1.4 from 4 samples of one build.
    const rate = falseAlarmRate(thin, 'structure.deflate_fingerprint', { variant: 'sbp', version: 'A' })
    expect(weightOf(rate.rate)).toBeGreaterThan(3.5)
  })

  it('does not pool from a thin family: its counts already hold the pooled ones', () => {
    const tbank = fp('tbank', { 'structure.deflate_fingerprint': { judged: 98, fired: 0 } })
    const vtb = fp('vtb', { 'structure.deflate_fingerprint': { judged: 46, fired: 0 } })
    expect(pooledWriterCalibration([tbank, vtb])!.checks['structure.deflate_fingerprint']).toEqual({
      judged: 46,
      fired: 0,
    })
  })
})
