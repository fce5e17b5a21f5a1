/**
 * Which masked card or account numbers of a picture have their run of `*` counted from the pixels
 * (packages/ocr recount-masked-numbers.ts, `findMaskStars`; core's ocr/masked-number.ts `maskNumber`
 * rebuilds the number): the recipient's account when it was read below 0.9 — OCR dropped or misread the
 * stars (`1572271562`, `95145827`, `845505***##*1 3.43`) or read one too few (`931**7223` for `931***7223`:
 * a run read shakily is counted again even when it is shaped right, as a masked name's is; Alfa cards and
 * accounts on held-out clean renders, 27 Nov 2026). A number read surely, and VTB's card in groups of four,
 * are left alone; a number the pixels show no asterisk in is left as read by the recount itself. The words
 * of the value (a gap may split it) are counted together: their span on the row, at the height of the widest
 * (a word's box may reach into the next row).
 */
import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import type { ImageExtraction } from './extract-image-receipt'
import { valueWords } from './image-field-rereading'

export interface MaskedNumberRecount {
  /** The recipient account's words, in reading order; a rebuilt number takes their place as one word. */
  words: OcrWord[]
  box: { left: number; top: number; width: number; height: number }
}

/** VTB's card in groups of four (`5745 44** **** 7792`): the gaps inside the run would count as stars. */
const groupedNumber = /^[\d*]{4}( [\d*]{4}){3}$/

export function maskedNumbersToRecount(page: OcrPage, result: ImageExtraction): MaskedNumberRecount[] {
  const field = 'recipient_account'
  const value = result.fields[field]
  const confidence = result.fields.confidence[field] ?? 0
  if (typeof value !== 'string' || confidence >= 0.9 || groupedNumber.test(value)) return []
  const words = valueWords(page, result, field).sort((a, b) => a.left - b.left)
  if (words.length === 0) return []
  const widest = words.reduce((a, b) => (b.width > a.width ? b : a))
  const left = words[0]!.left
  const right = Math.max(...words.map((w) => w.left + w.width))
  return [{ words, box: { left, top: widest.top, width: right - left, height: widest.height } }]
}
