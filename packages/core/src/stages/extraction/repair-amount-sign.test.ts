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
    ['430°?', 430, false],
    ['БОР', 50, true],
    ['З ООО ₽', 3000, true],
    ['1 5OO', 1500, true],
  ])('reads %s as %d ₽ (ambiguous: %s)', (raw, value, ambiguous) => {
    expect(repairAmountSign(raw as string, '₽')).toEqual({ money: { value, currency: 'RUB' }, ambiguous })
  })

  it('reads a misread three-letter code as the code the family prints (Alfa: RUR)', () => {
    expect(repairAmountSign('600 ВОВ', 'RUR')).toEqual({
      money: { value: 600, currency: 'RUB' },
      ambiguous: false,
    })
    expect(repairAmountSign('1 000 ВОК', 'RUR')).toEqual({
      money: { value: 1000, currency: 'RUB' },
      ambiguous: false,
    })
    expect(repairAmountSign('600 RUR', 'RUR')).toBeNull()
    // `0 RUR` read as one word, its zero a letter: a zero where a zero may stand (a commission) only.
    expect(repairAmountSign('ORUR', 'RUR', true)).toEqual({
      money: { value: 0, currency: 'RUB' },
      ambiguous: true,
    })
    expect(repairAmountSign('ORUR', 'RUR')).toBeNull()
    expect(repairAmountSign('ВRUR', 'RUR', true)).toBeNull()
    expect(repairAmountSign('600 KGS', 'RUR')).toBeNull()
    expect(repairAmountSign('600', 'RUR')).toBeNull()
  })

  it('leaves amounts that already name their currency, and texts without a lookalike at the end', () => {
    expect(repairAmountSign('600 ₽', '₽')).toBeNull()
    expect(repairAmountSign('490', '₽')).toBeNull()
    expect(repairAmountSign('Без комиссии', '₽')).toBeNull()
    expect(repairAmountSign('ООО', '₽')).toBeNull()
    expect(repairAmountSign('Кино', '₽')).toBeNull()
  })
})
