import { describe, expect, it } from 'vitest'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { vtbOutgoingModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import { type FreeGlyphShape, freeGlyphAt16, sbpIdFreeGlyphWords } from './image-sbp-id-glyph'

/** Shapes as the development seeds' glyphs measured (scripts/corpus/dev-sbp-glyph16.ts), one of each. */
const shape = (
  widthRatio: number,
  topSpan: number,
  bottomSpan: number,
  bottomCentre = 0.5,
): FreeGlyphShape => ({
  widthRatio,
  topSpan,
  bottomSpan,
  bottomCentre,
})
const T = shape(1.19, 1, 0.18)
const one = shape(0.88, 0.64, 0.92)
const I = shape(0.25, 1, 1)
const seven = shape(0.92, 1, 0.25, 0.38)
const Z = shape(1.2, 0.9, 1)
const two = shape(0.93, 0.8, 1)
const V = shape(1.27, 0.33, 0.28)
const W = shape(1.8, 0.38, 0.37)

describe('freeGlyphAt16', () => {
  it('tells a T, a 1 and an I apart whichever of them OCR read', () => {
    for (const read of ['1', 'I', 'T']) {
      expect(freeGlyphAt16(read, T)).toBe('T')
      expect(freeGlyphAt16(read, one)).toBe('1')
      expect([read, freeGlyphAt16(read, I)]).toEqual([read, 'I'])
    }
  })

  it('tells a Z read as 7 by its full top and foot, from a 2 only by its width', () => {
    // A font whose Z is as narrow as a digit (Gazprombank's): a Z when read 7; read 2, it looks like the 2.
    const narrowZ = shape(0.92, 0.94, 1)
    expect(freeGlyphAt16('7', narrowZ)).toBe('Z')
    expect(freeGlyphAt16('2', narrowZ)).toBe('2')
    expect(freeGlyphAt16('7', Z)).toBe('Z')
    expect(freeGlyphAt16('7', seven)).toBe('7')
    expect(freeGlyphAt16('2', Z)).toBe('Z')
    expect(freeGlyphAt16('2', two)).toBe('2')
    // A Z read as such is never turned into a 2: in a font whose Z is as narrow as a digit, they differ only
    // in the top bar, which a 2's curve can fill as much.
    expect(freeGlyphAt16('Z', narrowZ)).toBe('Z')
    expect(freeGlyphAt16('Z', two)).toBe('Z')
  })

  it('tells a W read as V by its width', () => {
    expect(freeGlyphAt16('V', W)).toBe('W')
    expect(freeGlyphAt16('V', V)).toBe('V')
    expect(freeGlyphAt16('W', V)).toBe('V')
  })

  it('decides nothing for a shape between two glyphs, or a reading it does not confuse', () => {
    // As wide as a T, no full top bar: neither T nor 1.
    expect(freeGlyphAt16('1', shape(1.1, 0.7, 0.3))).toBeNull()
    // A top bar over a foot between a 7's (left of centre) and a T's (centred).
    expect(freeGlyphAt16('T', shape(1, 1, 0.2, 0.445))).toBeNull()
    // Between a V and a W.
    expect(freeGlyphAt16('V', shape(1.47, 0.35, 0.3))).toBeNull()
    // A T whose foot stands off centre is not measured cleanly.
    expect(freeGlyphAt16('1', shape(1.19, 1, 0.18, 0.3))).toBeNull()
    expect(freeGlyphAt16('K', T)).toBeNull()
  })
})

describe('the SBP id on a picture, position 16 a glyph OCR confuses', () => {
  // The printed id has a `T` at 16; OCR read it as `1`, which the format alone guesses to be `I`.
  const page = runsToOcrPage(vtbOutgoingModel({ id: 'B6042071012K4Q210000070017001011' }))

  it('asks for the shape with the character read there', () => {
    const result = extractImageReceipt(page)
    expect(result.fields.receipt_number).toBe('B6042071012K4Q2I0000070017001011')
    expect(sbpIdFreeGlyphWords(page, result)?.read).toBe('I')
  })

  it('reads the glyph the shape decided, still below 0.9', () => {
    for (const [glyph, id] of [
      ['T', 'B6042071012K4Q2T0000070017001011'],
      ['1', 'B6042071012K4Q210000070017001011'],
    ] as const) {
      const result = extractImageReceipt({ ...page, sbpIdFreeGlyph: glyph })
      expect(result.fields.receipt_number).toBe(id)
      expect(result.fields.confidence['receipt_number']).toBeLessThan(0.9)
    }
  })

  it('reads a Z that OCR took for a 7 as the Z the shape showed', () => {
    const seven = runsToOcrPage(vtbOutgoingModel({ id: 'B6042071012K4Q270000070017001011' }))
    expect(sbpIdFreeGlyphWords(seven, extractImageReceipt(seven))?.read).toBe('7')
    const result = extractImageReceipt({ ...seven, sbpIdFreeGlyph: 'Z' })
    expect(result.fields.receipt_number).toBe('B6042071012K4Q2Z0000070017001011')
    expect(result.fields.confidence['receipt_number']).toBeLessThan(0.9)
  })

  it('asks for a W read as its strokes (`\\/`), the strokes one glyph', () => {
    const strokes = runsToOcrPage(vtbOutgoingModel({ id: 'B6042071012K4Q2\\/0000070017001011' }))
    const result = extractImageReceipt(strokes)
    expect(result.fields.receipt_number).toBe('B6042071012K4Q2V0000070017001011')
    expect(sbpIdFreeGlyphWords(strokes, result)?.read).toBe('V')
    const decided = extractImageReceipt({ ...strokes, sbpIdFreeGlyph: 'W' })
    expect(decided.fields.receipt_number).toBe('B6042071012K4Q2W0000070017001011')
  })

  it('asks for nothing when position 16 is a glyph OCR does not confuse', () => {
    const plain = runsToOcrPage(vtbOutgoingModel({ id: 'B6042071012K4Q2P0000070017001011' }))
    expect(sbpIdFreeGlyphWords(plain, extractImageReceipt(plain))).toBeNull()
  })
})
