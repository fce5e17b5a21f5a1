import { describe, expect, it } from 'vitest'
import { fxCheck } from './fx-check'
import type { TextSegment } from './text-segments'

const seg = (text: string, x0: number, baseline: number): TextSegment => ({
  text,
  x0,
  x1: x0 + text.length * 5,
  baseline,
  size: 11,
  fontName: 'F',
  fill: '0',
  runs: [],
})

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

describe('conversion arithmetic', () => {
  it('passes when amount × rate is the credited amount', () => {
    const check = fxCheck(page('1\u00a0000\u00a0RUR', '1 RUR = 0.1215 TJS', '121,50 TJS'), 'below')!
    expect(check.passed).toBe(true)
    expect(check.name).toBe('semantics.fx_arithmetic')
  })

  it('allows the rounding of a rate printed with few decimals', () => {
    // Rate 4.4983 printed as 4.5: 2000 × 4.5 = 9000, credited 8996.6.
    expect(
      fxCheck(page('2\u00a0000\u00a0RUR', '1 RUR = 4.5 AMD', '8\u00a0996,60 AMD'), 'below')!.passed,
    ).toBe(true)
  })

  it('fails when the rouble amount was edited alone', () => {
    const check = fxCheck(page('2\u00a0000\u00a0RUR', '1 RUR = 0.1215 TJS', '121,50 TJS'), 'below')!
    expect(check.passed).toBe(false)
    expect(check.hard).toBe(true)
  })

  it('makes no claim without a rate or a credited amount in the rate currency', () => {
    expect(fxCheck(page('1\u00a0000\u00a0RUR', 'нет', '121,50 TJS'), 'below')).toBeNull()
    expect(fxCheck(page('1\u00a0000\u00a0RUR', '1 RUR = 0.1215 TJS', '121,50 UZS'), 'below')).toBeNull()
  })
})
