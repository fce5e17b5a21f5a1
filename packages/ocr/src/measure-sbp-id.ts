/**
 * The SBP id's glyph at position 16, measured from the pixels when the text left it a guess:
 * - a round glyph (`0` or `O`): the glyph columns of the id's words (find-glyph-columns.ts) go to core's
 *   `roundGlyphAt16`, which compares the glyph's width with the `0` at position 17;
 * - a glyph OCR confuses with others (`1 I T 7 Z 2 V W`): its shape (free-glyph-shape.ts: width against the
 *   `0`, ink across its top and foot) goes to core's `freeGlyphAt16` (extraction/image-sbp-id-glyph.ts).
 * The page carries the answer (`sbpIdRoundGlyph`, `sbpIdFreeGlyph`) for the extraction to use. Both are
 * pure pixel work on the grey image already decoded for the other recounts: no second OCR call.
 */
import {
  extractImageReceipt,
  freeGlyphAt16,
  type OcrPage,
  roundGlyphAt16,
  sbpIdFreeGlyphWords,
  sbpIdWordsToMeasure,
} from '@rv/core'
import { findGlyphColumns } from './find-glyph-columns'
import type { GrayImage } from './find-unread-ink'
import { measureFreeGlyph } from './free-glyph-shape'

export async function measureSbpIdGlyph(page: OcrPage, gray: () => Promise<GrayImage>): Promise<OcrPage> {
  const result = extractImageReceipt(page)
  const words = sbpIdWordsToMeasure(page, result)
  if (words.length > 0) {
    const image = await gray()
    const kind = roundGlyphAt16(
      words,
      words.map((w) => findGlyphColumns(image, w)),
    )
    return kind ? { ...page, sbpIdRoundGlyph: kind } : page
  }
  const free = sbpIdFreeGlyphWords(page, result)
  if (!free) return page
  const shape = measureFreeGlyph(await gray(), free.words)
  const glyph = shape && freeGlyphAt16(free.read, shape)
  return glyph ? { ...page, sbpIdFreeGlyph: glyph } : page
}
