import { describe, expect, it } from 'vitest'
import { seg } from '../../../testing/authenticity/segments'
import type { TextSegment } from '../features/text-segments'
import { fxCheck } from './fx-check'

/** A cross-border receipt laid out with values under labels (fake values). */
function page(amount: string, rate: string, credited: string): TextSegment[] {
  return [
    seg('Сумма перевода', 35, 100),
    seg(amount, 35, 118),
    seg('Курс конвертации', 35, 200),
    seg(rate, 35, 218),
    seg('Сумма зачисления банком получателя', 35, 300),
    seg(credited, 35, 318),
  ]
}

const named = (checks: ReturnType<typeof fxCheck>, name: string) => checks.find((c) => c.name === name)!

describe('conversion arithmetic', () => {
  it('passes when amount × rate is the credited amount', () => {
    const checks = fxCheck(page('1\u00a0000\u00a0RUR', '1 RUR = 0.1215 TJS', '121,50 TJS'), 'below')
    expect(checks.map((c) => [c.name, c.hard, c.passed])).toEqual([
      ['semantics.fx_arithmetic', false, true],
      ['semantics.fx_contradiction', true, true],
    ])
  })

  it('allows the rounding of a rate printed with few decimals', () => {
    // Rate 4.4983 printed as 4.5: 2000 × 4.5 = 9000, credited 8996.6.
    const checks = fxCheck(page('2\u00a0000\u00a0RUR', '1 RUR = 4.5 AMD', '8\u00a0996,60 AMD'), 'below')
    expect(checks.every((c) => c.passed)).toBe(true)
  })

  it('given a rounding beyond the printed precision, when checked, then only the soft part fails', () => {
    // 1000 × 0.1215 = 121.50; credited 122.10 is 0.5 % off: a bank's own rounding or rate, not an edit.
    const checks = fxCheck(page('1\u00a0000\u00a0RUR', '1 RUR = 0.1215 TJS', '122,10 TJS'), 'below')
    expect(named(checks, 'semantics.fx_arithmetic').passed).toBe(false)
    expect(named(checks, 'semantics.fx_contradiction').passed).toBe(true)
  })

  it('fails when the rouble amount was edited alone', () => {
    const checks = fxCheck(page('2\u00a0000\u00a0RUR', '1 RUR = 0.1215 TJS', '121,50 TJS'), 'below')
    expect(named(checks, 'semantics.fx_arithmetic')).toMatchObject({ hard: false, passed: false })
    expect(named(checks, 'semantics.fx_contradiction')).toMatchObject({ hard: true, passed: false })
  })

  it('makes no claim without a rate or a credited amount in the rate currency', () => {
    expect(fxCheck(page('1\u00a0000\u00a0RUR', 'нет', '121,50 TJS'), 'below')).toEqual([])
    expect(fxCheck(page('1\u00a0000\u00a0RUR', '1 RUR = 0.1215 TJS', '121,50 UZS'), 'below')).toEqual([])
  })
})
