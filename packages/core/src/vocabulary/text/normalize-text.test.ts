import { describe, expect, it } from 'vitest'
import { labelKey, normalizeSpaces, normalizeText } from './normalize-text'

describe('normalizeText', () => {
  it('folds NBSP, narrow NBSP and typographic hyphens, collapses spaces, drops zero-width characters', () => {
    expect(normalizeText('\u00a01\u00a0000\u202fRUR ')).toBe('1 000 RUR')
    expect(normalizeText('+7 (900) 123\u201145\u201167')).toBe('+7 (900) 123-45-67')
    expect(normalizeText('Альфа\u2011Банк\u200b')).toBe('Альфа-Банк')
    expect(normalizeText('a  \t b')).toBe('a b')
  })

  it('drops control characters and reads line breaks as spaces, in both spellings', () => {
    expect(normalizeText('Rak\u0000imov\u0007 K.\u009f')).toBe('Rakimov K.')
    expect(normalizeSpaces('Rak\u0000imov\nK.\r\n')).toBe('Rakimov K.')
    expect(normalizeText('a\u2028b')).toBe('a b')
  })

  it('keeps hyphens as printed in normalizeSpaces', () => {
    expect(normalizeSpaces('+7 (900)\u00a0123\u201145\u201167 ')).toBe('+7 (900) 123\u201145\u201167')
  })

  it('builds label keys: case-folded, ё as е, trailing colon ignored', () => {
    expect(labelKey('Сумма с учётом комиссии:')).toBe('сумма с учетом комиссии')
    expect(labelKey('Счёт списания')).toBe(labelKey('Счет списания'))
  })
})
