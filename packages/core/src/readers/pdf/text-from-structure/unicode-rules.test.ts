import { describe, expect, it } from 'vitest'
import { charCategory, hasOwnMapping, hasRightToLeft, normalizeUnicode } from './unicode-rules'

describe('pdf.js text rules', () => {
  it('classes a character by its start (whitespace), a combining mark anywhere, or a format mark at the end', () => {
    expect(charCategory(' ').isWhitespace).toBe(true)
    expect(charCategory('\u00a0').isWhitespace).toBe(true)
    expect(charCategory('A').isWhitespace).toBe(false)
    expect(charCategory('\u0301').isZeroWidthDiacritic).toBe(true)
    expect(charCategory('\u200b').isInvisibleFormatMark).toBe(true)
    expect(charCategory('x\u200b').isInvisibleFormatMark).toBe(true)
    expect(charCategory('\u200bx').isInvisibleFormatMark).toBe(false)
  })

  it('normalises compatibility forms only (no-break space, ligatures), not accents', () => {
    expect(normalizeUnicode('1\u00a0000')).toBe('1 000')
    expect(normalizeUnicode('\ufb01le')).toBe('file')
    expect(normalizeUnicode('e\u0301')).toBe('e\u0301')
    expect(normalizeUnicode('Оплата №1')).toBe('Оплата №1')
  })

  it('flags the text pdf.js would reorder or map with its own table', () => {
    expect(hasRightToLeft('Sum \u05d0')).toBe(true)
    expect(hasRightToLeft('Сумма 100 ₽')).toBe(false)
    expect(hasOwnMapping('\ufb05')).toBe(true)
    expect(hasOwnMapping('st')).toBe(false)
  })
})
