import { describe, expect, it } from 'vitest'
import { maskNumber, readMaskedNumber } from './masked-number'

describe('readMaskedNumber (a masked card or account number read by OCR)', () => {
  it('puts back the `*` of an account read as another sign', () => {
    expect(readMaskedNumber('#8253')).toBe('*8253')
    expect(readMaskedNumber('*8253')).toBe('*8253')
    expect(readMaskedNumber('"3725')).toBe('*3725')
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

describe('maskNumber (the run of `*` as the pixels show it, the digits as OCR read them)', () => {
  const card = { before: 6, stars: 6, after: 4 }
  const account = { before: 3, stars: 3, after: 4 }

  it('puts back a run OCR dropped whole', () => {
    expect(maskNumber('1572271562', card)).toBe('157227******1562')
  })

  it('takes a star read as a digit for the star it is', () => {
    expect(maskNumber('95145827', account)).toBe('951***5827')
  })

  it('keeps the digits around a run read as signs and split by a gap', () => {
    expect(maskNumber('845505***##*1 3.43', card)).toBe('845505******1343')
    expect(maskNumber('936***+2939', account)).toBe('936***2939')
    // One star too few, shaped right but read shakily.
    expect(maskNumber('931**7223', account)).toBe('931***7223')
    // A `1` read as a bracket (a photo).
    expect(maskNumber('845505 ***##*] 343', card)).toBe('845505******1343')
    // A star read as a digit beside the run: the side keeps the digits away from it.
    expect(maskNumber('9364**2939', account)).toBe('936***2939')
  })

  it('leaves what the pixels and the digits do not agree on as read', () => {
    // More digits between the sides than the run has stars: not a misread run.
    expect(maskNumber('40817810099910004312', card)).toBeNull()
    // Fewer digits than the pixels show on a side.
    expect(maskNumber('15722*****1562', card)).toBeNull()
    expect(maskNumber('157227**62', card)).toBeNull()
    // One high blob: a quote or a dash, not a run.
    expect(maskNumber('1572271562', { before: 6, stars: 1, after: 4 })).toBeNull()
    // No digit before the run: a phone's `+7` is drawn high like a star.
    expect(maskNumber('+7(900)123-45-67', { before: 0, stars: 2, after: 10 })).toBeNull()
    // A run read in groups (VTB's `5745 44** **** 7792`): its gaps are not stars.
    expect(maskNumber('5745 44** **** 7792', { before: 6, stars: 7, after: 4 })).toBeNull()
    // Letters are not digits OCR misread.
    expect(maskNumber('Salary', account)).toBeNull()
  })
})
