/**
 * A `1` OCR dropped from the amount, put back from the pixels: the glyph columns of each word of a shaky
 * amount (core's `numbersToRecount`, which also says where to look) are found (find-glyph-columns.ts) and compared with what OCR read
 * (core's `restoreDroppedOnes`). A rewritten word keeps at most the disputed cap (0.85).
 */
import {
  extractImageReceipt,
  numbersToRecount,
  type OcrPage,
  type OcrWord,
  restoreDroppedOnes,
} from '@rv/core'
import { findGlyphColumns } from './find-glyph-columns'
import type { GrayImage } from './find-unread-ink'
import { rewriteWords } from './rewrite-words'

export async function recountOnes(page: OcrPage, gray: () => Promise<GrayImage>): Promise<OcrPage> {
  const recounts = numbersToRecount(page, extractImageReceipt(page))
  if (recounts.length === 0) return page
  const image = await gray()
  const rewritten = new Map<OcrWord, string>()
  for (const { word, box } of recounts) {
    const columns = findGlyphColumns(image, box)
    const text = columns && restoreDroppedOnes(word.text, columns)
    if (text && text !== word.text) rewritten.set(word, text)
  }
  return rewriteWords(page, rewritten)
}
