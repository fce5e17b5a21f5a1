import { describe, expect, it } from 'vitest'
import type { GlyphColumn } from '../../readers/ocr/dropped-ones'
import type { OcrWord } from '../../readers/ocr/ocr-page'
import { runsToOcrPage } from '../../readers/ocr/testing/runs-to-ocr-page'
import { vtbOutgoingModel } from '../../testing/extraction/synthetic-model'
import { extractImageReceipt } from './extract-image-receipt'
import { roundGlyphAt16, sbpIdWordsToMeasure } from './image-sbp-id-glyph'

const word = (text: string): OcrWord => ({
  text,
  left: 0,
  top: 0,
  width: 10 * text.length,
  height: 12,
  confidence: 0.8,
  block: 1,
  paragraph: 1,
  line: 1,
})
/** 32 columns 10 px wide, position 16's (index 15) as wide as given. */
const columns = (width16: number): GlyphColumn[] =>
  Array.from({ length: 32 }, (_, i) => ({ left: 12 * i, width: i === 15 ? width16 : 10 }))

describe('roundGlyphAt16', () => {
  const id = [word('A6065223110K7Q2O0000030011700501')]

  it('is the digit when the glyph is as wide as the 0 at position 17, a letter when far wider', () => {
    expect(roundGlyphAt16(id, [columns(10)])).toBe('digit')
    expect(roundGlyphAt16(id, [columns(11)])).toBe('digit')
    expect(roundGlyphAt16(id, [columns(14)])).toBe('letter')
  })

  it('decides nothing in between', () => {
    expect(roundGlyphAt16(id, [columns(12)])).toBeNull()
  })

  it('decides nothing unless every word shows as many columns as characters read', () => {
    expect(roundGlyphAt16(id, [columns(10).slice(1)])).toBeNull()
    expect(roundGlyphAt16(id, [null])).toBeNull()
    // An id in two words (VTB wraps it): the columns follow the words.
    const wrapped = [word('A6065223110K7Q2O000003001'), word('1700501')]
    const all = columns(10)
    expect(roundGlyphAt16(wrapped, [all.slice(0, 25), all.slice(25)])).toBe('digit')
    expect(roundGlyphAt16(wrapped, [all.slice(0, 24), all.slice(24)])).toBeNull()
  })
})

/** The id with a round glyph at position 16. */
const vtb = (id: string) => vtbOutgoingModel({ id })

describe('the SBP id on a picture', () => {
  const page = runsToOcrPage(vtb('B6042071012K4Q200000070017001011'))

  it('asks for the measurement when position 16 is round and the id was left below 0.9', () => {
    const result = extractImageReceipt(page)
    expect(result.fields.receipt_number).toBe('B6042071012K4Q2O0000070017001011')
    expect(result.fields.confidence['receipt_number']).toBeLessThan(0.9)
    expect(sbpIdWordsToMeasure(page, result).map((w) => w.text)).toEqual([
      'B6042071012K4Q20000007001',
      '7001011',
    ])
  })

  it('reads the digit once the pixels measured one, still below 0.9 (a C or D can be as narrow)', () => {
    const result = extractImageReceipt({ ...page, sbpIdRoundGlyph: 'digit' })
    expect(result.fields.receipt_number).toBe('B6042071012K4Q200000070017001011')
    expect(result.fields.confidence['receipt_number']).toBeLessThan(0.9)
  })

  it('asks for nothing when position 16 is not round', () => {
    const plain = runsToOcrPage(vtb('B6042071012K4Q2P0000070017001011'))
    expect(sbpIdWordsToMeasure(plain, extractImageReceipt(plain))).toEqual([])
  })
})
