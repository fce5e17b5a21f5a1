import { describe, expect, it } from 'vitest'
import { readMaskedNumber } from './masked-number'

describe('readMaskedNumber (a masked card or account number read by OCR)', () => {
  it('puts back the `*` of an account read as another sign', () => {
    expect(readMaskedNumber('#8253')).toBe('*8253')
    expect(readMaskedNumber('*8253')).toBe('*8253')
  })

  it("masks a 16-digit card's middle six, however OCR read the stars and the gap", () => {
    expect(readMaskedNumber('957461 *****+0307')).toBe('957461******0307')
    expect(readMaskedNumber('311175*****8941')).toBe('311175******8941')
    expect(readMaskedNumber('504755%##**42882')).toBe('504755******2882')
    expect(readMaskedNumber('853001 ******4065')).toBe('853001******4065')
  })

  it('keeps the groups of four of a card printed so (VTB)', () => {
    expect(readMaskedNumber('5745 44** жжжх 7792')).toBe('5745 44** **** 7792')
    expect(readMaskedNumber('7591 75%* **** 3247')).toBe('7591 75** **** 3247')
  })

  it('leaves what has no such shape as read', () => {
    for (const text of ['796997 #32 32', '575747 93210', '40817810099910004312', '905***9176', 'Salary']) {
      expect(readMaskedNumber(text)).toBe(text)
    }
    // Sixteen digits with no mask sign is a full number, not a misread mask.
    expect(readMaskedNumber('4276380012345678')).toBe('4276380012345678')
  })
})
