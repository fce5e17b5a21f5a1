/**
 * The targeted re-reading of one field's value on a picture: which values deserve it, where their words
 * are, how to read them again, and which reading to keep. The reading itself (crop, upscale, one line,
 * one language) is packages/ocr's `rereadFields`; these rules are pure.
 *
 * - **Wanted** for a name (`recipient_name`, `sender_name`) read below 0.9 or bearing a mark of a misreading
 *   (a digit initial, a stray sign, a letter inside a mask's run of `*`: ocr/name-shape.ts; a masked name
 *   read in Latin on a transfer within Russia), and for an SBP id read below 0.9 (a guessed free position,
 *   an id whose time disagrees with the printed time). The first pass reads the page with the
 *   Russian and English models at once: on a lone capital or a short word the mixed model picks the wrong
 *   script, or no letter at all (`L.` → `Е.`, `Z.` → `3.`). Each model alone is a better judge of its own
 *   script, so a name is read twice more, by `eng` and by `rus`; an SBP id by `eng` with the id's
 *   characters only (`[0-9A-Z]`).
 * - **Wanted** too for the recipient's bank of a transfer abroad read with Cyrillic letters: such a bank
 *   prints its own Latin name (`MBANK`, `Anorbank`), which the mixed model reads as Cyrillic twins and
 *   near-twins (`МВАМК`, `Апограпк`: `n` → `п`, `r` → `г`). It is read again by `eng`. The English model
 *   reads Cyrillic too, as nonsense it may be sure of (`Выполнено` → `BbINONHEHO` at 0.89, `Киргизия` →
 *   `Kupru3ua`), so the Latin reading is kept only when shaped like a name (each word in capitals, or a
 *   capital and lowercase, or a short lowercase link such as `of`) and the engine was nearly as sure of it
 *   as of the first (0.05 less at most: printed Cyrillic reads at 0.96–0.97 by the mixed model).
 * - **Kept** per field: among the first reading and the re-readings, those whose value is well formed (a
 *   name: no mark of a misreading, ocr/name-shape.ts, and on a transfer within Russia no masked name read in
 *   Latin, `domesticTransfer`, nor a Latin re-reading of a well-formed Cyrillic first one,
 *   `latinOverCyrillic`; an id: what the id format accepts), the one the engine was surest of (the lowest
 *   confidence of its words; a re-reading that repeats a first name with a word deciding its script vouches
 *   for it, `vouches`; over a well-formed first reading, a
 *   re-reading under 0.5 is never kept: a wrong name shaped like a name is no better than a misread one; over
 *   a malformed first reading — certainly wrong — the surest well-formed re-reading with the same words in
 *   the same roles (a masked word, initials) is kept, with its low confidence). A kept re-reading differs from
 *   the first, so its words' confidence is capped at `disputedCap` (0.85): two readings of the same pixels
 *   disagreed, and which one is right is the engine's guess — the field stays below 0.9.
 */

import { scriptOf } from '../../readers/ocr/letter-scripts'
import { nameWellFormed } from '../../readers/ocr/name-shape'
import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import { deskewedCentre, estimateSkew } from '../../readers/ocr/words-to-runs'
import type { ImageExtraction } from './extract-image-receipt'

export type RereadField = 'recipient_name' | 'sender_name' | 'receipt_number' | 'bank'

export interface RereadPass {
  /** Tesseract languages, e.g. `eng`. */
  languages: string
  /** The only characters the engine may return (all when absent). */
  whitelist?: string
  /** Read the crop cut to black and white (a blurred photo's thin strokes), not its grey levels. */
  binarise?: boolean
  /** How much the crop is enlarged before it is read (default 2). */
  upscale?: number
}

export interface FieldRereading {
  field: RereadField
  /** The first-pass words the value was read from; a re-reading's words take their place. */
  words: OcrWord[]
  /** Their box on the page, in pixels. */
  box: { left: number; top: number; width: number; height: number }
  /** Rows the value spans (a VTB SBP id wraps onto a second row). */
  lines: number
  passes: RereadPass[]
}

/** What a re-reading pass of one field read: its words, in page pixels. */
export interface FieldPassReading {
  rereading: FieldRereading
  pass: RereadPass
  words: OcrWord[]
}

/** The confidence of a kept value that another reading of the same pixels contradicted. */
export const disputedCap = 0.85
/** A re-reading the engine was less sure of than this never replaces a well-formed first reading. */
const minimumConfidence = 0.5

const sbpIdCharacters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const namePasses: RereadPass[] = [{ languages: 'eng' }, { languages: 'rus' }]
const binarisedPasses: RereadPass[] = [
  { languages: 'eng', binarise: true },
  { languages: 'rus', binarise: true },
]
/** A name whose best reading the engine is at least this sure of is not read a third time. */
const settledConfidence = 0.7
const idPasses: RereadPass[] = [{ languages: 'eng', whitelist: sbpIdCharacters }]
const bankPasses: RereadPass[] = [{ languages: 'eng' }]
/** A bank's Latin name: words in capitals (`MBANK`), capitalised (`Anorbank`) or short links (`of`). */
const latinBankName = /^[A-Z](?:[A-Z]+|[a-z]+)(?:[\s-]+(?:[A-Z](?:[A-Z]+|[a-z]+)|[a-z]{1,3}|&))*$/
/** How much less sure than the first reading a bank's Latin re-reading may be. */
const bankMargin = 0.05

const sbpIdShape = /^[AB]\d{10}[0-9A-Z]{5}\d[0BG]\d{14}$/

function wellFormed(field: RereadField, value: unknown, domestic: boolean): boolean {
  if (typeof value !== 'string') return false
  if (field === 'bank') return latinBankName.test(value)
  if (field === 'receipt_number') return sbpIdShape.test(value)
  return nameWellFormed(value) && !(domestic && latinMask(value))
}

/**
 * A transfer within Russia: its masked names are Cyrillic. A bank masks a name as its register writes it, and
 * a Russian bank's register of its own clients writes them in Cyrillic (every masked name of the real corpus;
 * only transfers abroad print Latin names). So a masked name read in Latin on such a receipt is the mixed
 * model's look-alike reading (`Non****a M. A.` for `Пол****а М. А.`: `п` → `n`), never kept over a Cyrillic
 * reading of the same shape. Unknown types (no family) and transfers abroad are left as read.
 */
function domesticTransfer(result: ImageExtraction): boolean {
  const type = result.fields.type
  return typeof type === 'string' && type !== 'cross_border_transfer'
}

/**
 * A re-reading that would put a well-formed Cyrillic name into Latin on a transfer within Russia: the English
 * model's look-alike reading of Cyrillic (`Muxann O.` for `Михаил О.`, sure of it at 0.79 over the first
 * reading's 0.7 on a T-Bank picture). Every name of a transfer within Russia in the real corpus is Cyrillic
 * (130 values: recipients and payers of Alfa, VTB, T-Bank, Gazprombank); Latin names are printed on transfers
 * abroad only, where this never applies. A malformed first reading (`Г. 3.` for `L. Z.`) does not count.
 */
function latinOverCyrillic(
  field: RereadField,
  value: unknown,
  firstValue: unknown,
  firstConfidence: number,
  domestic: boolean,
): boolean {
  if (!domestic || firstConfidence < 0 || (field !== 'recipient_name' && field !== 'sender_name'))
    return false
  return scriptOf(String(firstValue)) === 'cyrillic' && scriptOf(String(value)) === 'latin'
}

function latinMask(name: string): boolean {
  return name.includes('*') && scriptOf(name) === 'latin'
}

const passesOf: Record<RereadField, RereadPass[]> = {
  recipient_name: namePasses,
  sender_name: namePasses,
  receipt_number: idPasses,
  bank: bankPasses,
}

/** The fields of `result` worth reading again, with their words and passes (see the file comment). */
export function fieldsToReread(page: OcrPage, result: ImageExtraction): FieldRereading[] {
  const fields = result.fields as unknown as Record<string, unknown>
  const confidence = result.fields.confidence
  const wanted: RereadField[] = []
  for (const field of ['recipient_name', 'sender_name'] as const) {
    const value = fields[field]
    if (typeof value !== 'string') continue
    if ((confidence[field] ?? 0) < 0.9 || !wellFormed(field, value, domesticTransfer(result)))
      wanted.push(field)
  }
  const id = result.facts['sbp_id']
  if (typeof id === 'string' && fields['receipt_number'] === id && (confidence['receipt_number'] ?? 0) < 0.9)
    wanted.push('receipt_number')
  const bank = fields['bank']
  if (fields['type'] === 'cross_border_transfer' && typeof bank === 'string' && /[А-Яа-яЁё]/.test(bank))
    wanted.push('bank')
  const rereadings: FieldRereading[] = []
  for (const field of wanted) {
    const words = valueWords(page, result, field)
    if (words.length === 0) continue
    const left = Math.min(...words.map((w) => w.left))
    const top = Math.min(...words.map((w) => w.top))
    const right = Math.max(...words.map((w) => w.left + w.width))
    const bottom = Math.max(...words.map((w) => w.top + w.height))
    rereadings.push({
      field,
      words,
      box: { left, top, width: right - left, height: bottom - top },
      lines: Number(result.facts[`value.${field}.lines`]),
      passes: passesOf[field],
    })
  }
  return rereadings
}

/**
 * The first-pass words inside the value's box the reader reported (`facts['value.<field>.*']`, points on
 * the deskewed page): each word's centre is deskewed and scaled the way words-to-runs.ts placed it.
 */
export function valueWords(page: OcrPage, result: ImageExtraction, field: string): OcrWord[] {
  const fact = (name: string) => result.facts[`value.${field}.${name}`]
  const [x0, x1, y0, size, lines] = ['x', 'right', 'y', 'size', 'lines'].map(fact)
  if (
    typeof x0 !== 'number' ||
    typeof x1 !== 'number' ||
    typeof y0 !== 'number' ||
    typeof size !== 'number' ||
    typeof lines !== 'number'
  )
    return []
  const angle = estimateSkew(page.words)
  const scale = result.ocr.scale
  return page.words.filter((word) => {
    const centre = deskewedCentre(word, angle)
    const cx = centre.x * scale
    const cy = centre.y * scale
    // The rows below the first start a line height (about 1.25 font sizes) apart.
    return cx >= x0 - 1 && cx <= x1 + 1 && cy >= y0 - 0.3 * size && cy <= y0 + (lines * 1.25 + 0.3) * size
  })
}

/** The page with one re-reading's words in place of the first-pass words of its field. */
export function withFieldReading(page: OcrPage, reading: FieldPassReading): OcrPage {
  const replaced = new Set(reading.rereading.words)
  return { ...page, words: [...page.words.filter((w) => !replaced.has(w)), ...reading.words] }
}

/**
 * The readings to keep, at most one per field: the well-formed one the engine was surest of, when it is
 * not the first reading (`extract` is core's extractImageReceipt, passed in to keep this file light).
 */
export function chooseFieldReadings(
  page: OcrPage,
  first: ImageExtraction,
  readings: readonly FieldPassReading[],
  extract: (page: OcrPage) => ImageExtraction,
): FieldPassReading[] {
  const kept: FieldPassReading[] = []
  for (const field of new Set(readings.map((r) => r.rereading.field))) {
    const best = bestReading(page, first, field, readings, extract)
    // Kept readings differ from the first: their words carry the disputed cap into every later extraction.
    if (best.reading) kept.push({ ...best.reading, words: best.reading.words.map(capped) })
  }
  return kept
}

/**
 * The fields whose grey re-readings left no well-formed reading the engine was fairly sure of (0.7), to be
 * read once more with the crop cut to black and white (`binarisedPasses`): on a blurred photo a small
 * capital's thin strokes fade into the paper. Only then, so a reading the grey passes settled is not
 * disturbed, and a picture that needs no more pays nothing.
 */
export function rereadingsToBinarise(
  page: OcrPage,
  first: ImageExtraction,
  readings: readonly FieldPassReading[],
  extract: (page: OcrPage) => ImageExtraction,
): FieldRereading[] {
  const unsettled: FieldRereading[] = []
  for (const rereading of new Set(readings.map((r) => r.rereading))) {
    if (rereading.field === 'receipt_number' || rereading.field === 'bank') continue
    const best = bestReading(page, first, rereading.field, readings, extract)
    if (best.confidence < settledConfidence) unsettled.push({ ...rereading, passes: binarisedPasses })
  }
  return unsettled
}

function bestReading(
  page: OcrPage,
  first: ImageExtraction,
  field: RereadField,
  readings: readonly FieldPassReading[],
  extract: (page: OcrPage) => ImageExtraction,
): { reading: FieldPassReading | null; confidence: number } {
  const mine = readings.filter((r) => r.rereading.field === field)
  const firstValue = (first.fields as unknown as Record<string, unknown>)[field]
  const read = mine
    .filter((r) => r.words.length > 0)
    .map((reading) => ({
      reading,
      value: (extract(withFieldReading(page, reading)).fields as unknown as Record<string, unknown>)[field],
      confidence: lowest(reading.words),
    }))
  const rawFirstConfidence = lowest(mine[0]?.rereading.words ?? [])
  const domestic = domesticTransfer(first)
  const firstConfidence = !wellFormed(field, firstValue, domestic)
    ? -1
    : Math.max(
        rawFirstConfidence,
        ...read.filter((r) => vouches(field, r.value, firstValue)).map((r) => r.confidence),
      )
  let best: { reading: FieldPassReading | null; confidence: number } = {
    reading: null,
    // A Latin bank reading must beat the first reading's confidence, well formed or not (file comment).
    confidence: field === 'bank' ? rawFirstConfidence - bankMargin : firstConfidence,
  }
  for (const { reading, value, confidence } of read) {
    if (!wellFormed(field, value, domestic) || value === firstValue) continue
    if (latinOverCyrillic(field, value, firstValue, firstConfidence, domestic)) continue
    // Over a first value bearing a mark of a misreading (certainly not what was printed), a well-formed
    // re-reading of the same shape is kept however unsure: its low confidence goes with it into the field.
    const floor =
      firstConfidence < 0 &&
      field !== 'receipt_number' &&
      field !== 'bank' &&
      sameNameShape(value, firstValue)
        ? 0
        : minimumConfidence
    if (confidence >= floor && confidence > best.confidence) best = { reading, confidence }
  }
  return best
}

/**
 * A re-reading that gave the first reading's name again vouches for it with its own confidence when a word
 * of four letters or more decides the name's script (`Yusupov T.` read again by `eng` at 0.92 stands against
 * `rus`'s `Уизиром Т.` at 0.91): a word that long the mixed model reads in the right script, and the model of
 * that script agreed. Not for names of initials alone (`Z. L.`), where the mixed model picks the wrong script
 * and the same-script model may agree with it just as surely (a real Alfa receipt's Latin initials, read in
 * Cyrillic by both, overturned `eng`'s right reading when any agreeing reading vouched).
 */
function vouches(field: RereadField, value: unknown, firstValue: unknown): boolean {
  if (value !== firstValue || (field !== 'recipient_name' && field !== 'sender_name')) return false
  return String(value)
    .split(/\s+/)
    .some((word) => word.replace(/\*/g, '').length >= 4 && scriptOf(word) !== null)
}

/** The page with every kept re-reading in place (their words already capped by chooseFieldReadings). */
export function applyFieldReadings(page: OcrPage, kept: readonly FieldPassReading[]): OcrPage {
  return kept.reduce(withFieldReading, page)
}

/**
 * Two readings of one name with the same words in the same roles — a masked word, an initial, another word
 * (`Ner***B И. 1.` and `Пет***жв И. П.`) — read the same ink; a reading that lost the mask's stars
 * (`КУЗЛА И. П.` for `КУЗ******ж*А И. П.`, which the stars' recount repairs) read less of it.
 */
function sameNameShape(a: unknown, b: unknown): boolean {
  const shape = (name: unknown) =>
    String(name)
      .split(/\s+/)
      .map((word) => (word.includes('*') ? 'mask' : /^\S[.,:]$/.test(word) ? 'initial' : 'word'))
      .join(' ')
  return shape(a) === shape(b)
}

function capped(word: OcrWord): OcrWord {
  return { ...word, confidence: Math.min(word.confidence, disputedCap) }
}

function lowest(words: readonly OcrWord[]): number {
  return words.length === 0 ? -1 : Math.min(...words.map((w) => w.confidence))
}
