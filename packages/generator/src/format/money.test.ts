import { describe, expect, it } from 'vitest'
import { rubGpb, rubSign, rur, tbankNumber } from './money'

describe('amount formats', () => {
  it('VTB/Ozon: ordinary spaces, dot kopecks only when non-zero, ₽', () => {
    expect(rubSign(60000)).toBe('600 ₽')
    expect(rubSign(105000)).toBe('1 050 ₽')
    expect(rubSign(1950000)).toBe('19 500 ₽')
    expect(rubSign(12350)).toBe('123.50 ₽')
  })

  it('Alfa: NBSP separators, decimal comma, RUR', () => {
    expect(rur(100000)).toBe('1\u00a0000\u00a0RUR')
    expect(rur(4920)).toBe('49,20\u00a0RUR')
    expect(rur(0)).toBe('0\u00a0RUR')
  })

  it('Gazprombank: always two decimals and руб.', () => {
    expect(rubGpb(1000000)).toBe('10 000,00 руб.')
    expect(rubGpb(0)).toBe('0,00 руб.')
  })

  it('T-Bank: the number part with its trailing space (₽ is a separate glyph)', () => {
    expect(tbankNumber(2000)).toBe('20 ')
  })
})
