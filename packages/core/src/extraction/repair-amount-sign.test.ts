import { describe, expect, it } from 'vitest'
import { repairAmountSign } from './repair-amount-sign'

describe('repairAmountSign', () => {
  it.each([
    ['430°', 430, false],
    ['490 ?', 490, false],
    ['1 050 P', 1050, false],
    ['9 334 2', 9334, true],
    ['70002', 7000, true],
    ['7 0002', 7000, true],
    ['9 474.01 2', 9474.01, true],
  ])('reads %s as %d ₽ (ambiguous: %s)', (raw, value, ambiguous) => {
    expect(repairAmountSign(raw as string, '₽')).toEqual({ money: { value, currency: 'RUB' }, ambiguous })
  })

  it('leaves amounts that already name their currency, and texts without a lookalike at the end', () => {
    expect(repairAmountSign('600 ₽', '₽')).toBeNull()
    expect(repairAmountSign('490', '₽')).toBeNull()
    expect(repairAmountSign('Без комиссии', '₽')).toBeNull()
  })
})
