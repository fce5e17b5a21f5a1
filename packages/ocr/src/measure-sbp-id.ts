/**
 * The SBP id's round glyph at position 16, measured from the pixels when the text left it a guess: the
 * glyph columns of the id's words (find-glyph-columns.ts) go to core's `roundGlyphAt16`, which compares
 * the glyph's width with the `0` at position 17 (extraction/image-sbp-id-glyph.ts). The page carries the
 * answer (`sbpIdRoundGlyph`) for the extraction to use.
 */
import { extractImageReceipt, type OcrPage, roundGlyphAt16, sbpIdWordsToMeasure } from '@rv/core'
import { findGlyphColumns } from './find-glyph-columns'
import type { GrayImage } from './find-unread-ink'

export async function measureSbpIdGlyph(page: OcrPage, gray: () => Promise<GrayImage>): Promise<OcrPage> {
  const words = sbpIdWordsToMeasure(page, extractImageReceipt(page))
  if (words.length === 0) return page
  const image = await gray()
  const kind = roundGlyphAt16(
    words,
    words.map((w) => findGlyphColumns(image, w)),
  )
  return kind ? { ...page, sbpIdRoundGlyph: kind } : page
}
