/**
 * A masked card or account number whose run of `*` OCR dropped or misread, rebuilt from its pixels: the
 * value's words (core's `maskedNumbersToRecount`, which says which and where) are looked at for asterisks
 * the way a masked name's are (find-mask-stars.ts), and core's `maskNumber` puts the run back between OCR's
 * digits. The rebuilt number replaces the value's words as one word, at most at the disputed cap (0.85).
 */
import { extractImageReceipt, maskedNumbersToRecount, maskNumber, type OcrPage } from '@rv/core'
import { findMaskStars } from './find-mask-stars'
import type { GrayImage } from './find-unread-ink'
import { joinWords } from './rewrite-words'

export async function recountMaskedNumbers(page: OcrPage, gray: () => Promise<GrayImage>): Promise<OcrPage> {
  let out = page
  for (const { words, box } of maskedNumbersToRecount(page, extractImageReceipt(page))) {
    const glyphs = findMaskStars(await gray(), box)
    const text = glyphs && maskNumber(words.map((w) => w.text).join(' '), glyphs)
    if (text) out = joinWords(out, words, text)
  }
  return out
}
