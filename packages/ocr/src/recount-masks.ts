/**
 * The last step of reading a picture: in the words of a shaky name (core's `fieldsToReread`) that may hide
 * a mask (core's `mayHideMask`: it shows a star, or is shaped `Кужжжа И. П.`), a masked word's run of `*` is
 * counted again from its pixels (find-mask-stars.ts) and the word rewritten by core's `maskWord`. A
 * rewritten word keeps at most the disputed cap (0.85): OCR read something else there.
 */
import {
  extractImageReceipt,
  fieldsToReread,
  maskWord,
  mayHideMask,
  type OcrPage,
  type OcrWord,
} from '@rv/core'
import { findMaskStars } from './find-mask-stars'
import type { GrayImage } from './find-unread-ink'
import { rewriteWords } from './rewrite-words'

export async function recountMasks(page: OcrPage, gray: () => Promise<GrayImage>): Promise<OcrPage> {
  const result = extractImageReceipt(page)
  const fields = result.fields as unknown as Record<string, unknown>
  const names = fieldsToReread(page, result).filter(
    (r) =>
      (r.field === 'recipient_name' || r.field === 'sender_name') &&
      typeof fields[r.field] === 'string' &&
      mayHideMask(fields[r.field] as string),
  )
  const words = names.flatMap((r) => r.words)
  if (words.length === 0) return page
  const image = await gray()
  const rewritten = new Map<OcrWord, string>()
  for (const word of words) {
    const glyphs = findMaskStars(image, word)
    const text = glyphs && maskWord(word.text, glyphs)
    if (text && text !== word.text) rewritten.set(word, text)
  }
  return rewriteWords(page, rewritten)
}
