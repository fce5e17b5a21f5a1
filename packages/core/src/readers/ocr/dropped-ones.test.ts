import { describe, expect, it } from 'vitest'
import { type GlyphColumn, restoreDroppedOnes } from './dropped-ones'

/** Columns from a pattern: `n` a narrow glyph (a footless `1`), `w` a digit or a sign, 10 px apart. */
const columns = (pattern: string): GlyphColumn[] =>
  [...pattern].map((ch, i) => ({ left: 30 * i, width: ch === 'n' ? 7 : 20 }))

describe('restoreDroppedOnes', () => {
  it('puts back a footless 1 OCR dropped, where its column stands', () => {
    expect(restoreDroppedOnes('60', columns('nww'))).toBe('160')
    expect(restoreDroppedOnes('20°', columns('nwww'))).toBe('120°')
    expect(restoreDroppedOnes('2050', columns('wnwww'))).toBe('21050')
    expect(restoreDroppedOnes('150', columns('nnww'))).toBe('1150')
  })

  it('keeps separators where they were read', () => {
    expect(restoreDroppedOnes('600,00', columns('nwwwww'))).toBe('1600,00')
  })

  it('leaves a reading whose glyphs match the columns', () => {
    expect(restoreDroppedOnes('160', columns('nww'))).toBeNull()
    expect(restoreDroppedOnes('60', columns('ww'))).toBeNull()
  })

  it('changes nothing when a wide column is left over or glyphs were blurred together', () => {
    expect(restoreDroppedOnes('60', columns('www'))).toBeNull()
    expect(restoreDroppedOnes('600', columns('ww'))).toBeNull()
  })

  it('changes nothing when the leftover could stand in two places', () => {
    // The read `1` is either column: `11,50` or `1,150`.
    expect(restoreDroppedOnes('1,50', columns('nnww'))).toBeNull()
  })

  it('reads only numbers', () => {
    expect(restoreDroppedOnes('Сумма', columns('nwwwww'))).toBeNull()
  })
})
