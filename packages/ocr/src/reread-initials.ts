/**
 * A name's lone initials read again one at a time, each from its own box by the model of the name's script
 * with that script's capitals only, at two scales (core's `initialsToReread`, which says why, and
 * `initialReadingText`, which decides: both must agree). The crop and the reading are reread-fields.ts's; an initial another letter was read for
 * is rewritten in place (rewrite-words.ts: it keeps its line, its confidence capped at 0.85).
 */
import {
  extractImageReceipt,
  type FieldRereading,
  initialReadingText,
  initialsToReread,
  type OcrPage,
  type OcrWord,
} from '@rv/core'
import { rereadFields } from './reread-fields'
import { rewriteWords } from './rewrite-words'
import type { TesseractOptions } from './run-tesseract'

export async function rereadInitials(
  png: Buffer,
  size: { width: number; height: number },
  page: OcrPage,
  options: TesseractOptions = {},
): Promise<OcrPage> {
  const initials = initialsToReread(page, extractImageReceipt(page))
  if (initials.length === 0) return page
  const boxes: FieldRereading[] = initials.map(({ field, word, passes }) => ({
    field,
    words: [word],
    box: { left: word.left, top: word.top, width: word.width, height: word.height },
    lines: 1,
    passes,
  }))
  const readings = await rereadFields(png, size, boxes, options)
  const rewritten = new Map<OcrWord, string>()
  for (const [i, initial] of initials.entries()) {
    const mine = readings.filter((r) => r.rereading === boxes[i])
    const text = initialReadingText(
      initial,
      initial.passes.map((pass) => mine.find((r) => r.pass === pass)?.words ?? []),
    )
    if (text) rewritten.set(initial.word, text)
  }
  return rewriteWords(page, rewritten)
}
