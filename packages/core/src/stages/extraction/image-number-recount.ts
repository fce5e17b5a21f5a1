/**
 * Which words of a picture's amount have their glyphs counted from the pixels (packages/ocr
 * recount-ones.ts, core's ocr/dropped-ones.ts), and where: the amount's words when it was read below 0.9 —
 * a number read surely is left alone. Tesseract's box of such a word can leave out the very glyph it
 * dropped (VTB's `160 ₽` read as `60` with a box around `60` only) and run into the next word's (the `₽`),
 * so the box looked at reaches one digit's advance (0.8 of the word's height: a digit's advance is about
 * 0.55 em and its height about 0.7 em) further left, and stops where the words before and after it on the
 * row begin. A word rewritten from its pixels keeps at most the disputed cap (0.85): OCR read something
 * else there.
 */
import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import type { ImageExtraction } from './extract-image-receipt'
import { valueWords } from './image-field-rereading'

export interface NumberRecount {
  word: OcrWord
  /** The pixels to count the word's glyphs in. */
  box: { left: number; top: number; width: number; height: number }
}

const advancePerHeight = 0.8

export function numbersToRecount(page: OcrPage, result: ImageExtraction): NumberRecount[] {
  const confidence = result.fields.confidence['amount']
  if (result.fields.amount === null || confidence === undefined || confidence >= 0.9) return []
  return valueWords(page, result, 'amount').map((word) => {
    const row = page.words.filter((w) => w !== word && sameRow(w, word))
    const before = row.filter((w) => w.left + w.width <= word.left + word.width / 2)
    const after = row.filter((w) => w.left > word.left)
    const left = Math.max(word.left - advancePerHeight * word.height, ...before.map((w) => w.left + w.width))
    const right = Math.min(word.left + word.width, ...after.map((w) => w.left))
    return { word, box: { left, top: word.top, width: Math.max(0, right - left), height: word.height } }
  })
}

/** Two words on one row: their vertical spans overlap by half the shorter one's height. */
function sameRow(a: OcrWord, b: OcrWord): boolean {
  const overlap = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top)
  return overlap >= 0.5 * Math.min(a.height, b.height)
}
