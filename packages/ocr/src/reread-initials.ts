/**
 * A name's lone initials read again one at a time, each from its own box by the model of the name's script
 * with that script's capitals only, at two scales (core's `initialsToReread`, which says why, and
 * `initialReadingText`, which decides: both must agree). The 4× reading is made only for an initial the 2×
 * one would overturn — most initials cost one tesseract call. The crop and the reading are reread-fields.ts's;
 * an initial another letter was read for is rewritten in place (rewrite-words.ts: it keeps its line, its
 * confidence capped at 0.85).
 */
import {
  extractImageReceipt,
  type FieldRereading,
  initialReadingText,
  initialsToReread,
  type OcrPage,
  type OcrWord,
  overturningLetter,
} from '@rv/core'
import { type RereadOptions, rereadFields } from './reread-fields'
import { rewriteWords } from './rewrite-words'

export async function rereadInitials(
  png: Buffer,
  size: { width: number; height: number },
  page: OcrPage,
  options: RereadOptions = {},
): Promise<OcrPage> {
  const initials = initialsToReread(page, extractImageReceipt(page))
  // Pass by pass, each for the initials every pass before it would overturn (core's `overturningLetter`).
  const readings = initials.map(() => [] as OcrWord[][])
  let open = initials.map((_, i) => i)
  for (let p = 0; open.length > 0 && p < (initials[0]?.passes.length ?? 0); p++) {
    const boxes: FieldRereading[] = open.map((i) => {
      const { field, word, passes } = initials[i]!
      const box = { left: word.left, top: word.top, width: word.width, height: word.height }
      return { field, words: [word], box, lines: 1, passes: [passes[p]!] }
    })
    const read = await rereadFields(png, size, boxes, options)
    for (const [k, i] of open.entries())
      readings[i]!.push(read.find((r) => r.rereading === boxes[k])?.words ?? [])
    open = open.filter((i) => overturningLetter(initials[i]!, readings[i]!.at(-1)!) !== null)
  }
  const rewritten = new Map<OcrWord, string>()
  for (const [i, initial] of initials.entries()) {
    const text = initialReadingText(initial, readings[i]!)
    if (text) rewritten.set(initial.word, text)
  }
  return rewriteWords(page, rewritten)
}
