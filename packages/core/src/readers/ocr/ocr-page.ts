import type { RoundGlyphKind } from './repair-sbp-id'

/**
 * What an OCR engine read on one image: words with their boxes (pixels, origin at the top-left) and the
 * engine's confidence in [0, 1]. The engine's own grouping (block, paragraph, line) is kept: it is what
 * separates a label from the value printed beside it on the same row.
 */
export interface OcrWord {
  text: string
  left: number
  top: number
  width: number
  height: number
  /** Engine confidence in [0, 1]. */
  confidence: number
  block: number
  paragraph: number
  line: number
}

export interface OcrPage {
  /** Image size in pixels (after any rotation applied before OCR). */
  width: number
  height: number
  words: OcrWord[]
  /**
   * What the pixels showed of the SBP id's round glyph at position 16, measured against the `0` at 17 when
   * the text left it a guess (extraction/image-sbp-id-glyph.ts); absent when not measured or undecided.
   */
  sbpIdRoundGlyph?: RoundGlyphKind
  /**
   * The SBP id's glyph at position 16 as its shape decided it, when OCR read one it confuses (`1 I T 7 Z 2 V
   * W`; extraction/image-sbp-id-glyph.ts `freeGlyphAt16`); absent when not measured or undecided.
   */
  sbpIdFreeGlyph?: string
}
