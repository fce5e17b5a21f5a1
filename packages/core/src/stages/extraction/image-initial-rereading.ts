/**
 * A name's lone initials read again one at a time (`Karimov D.`, `Олег Петрович Э.`, Alfa's `Мария Олеговна
 * Э`). The first pass reads the page with the Russian and English models at once, and a lone capital has no
 * word around it to tell its script or its shape: the mixed model reads a Latin `D` as `О`, `R` as `В`, `G` as
 * `С`, and a Cyrillic `Э` as `З` or `3`, sure of each at 0.87–0.97 — so the whole-name re-reading, wanted
 * only below 0.9 or for a malformed name (image-field-rereading.ts), never sees them. Every initial is read
 * again alone from its own box by the model of the name's script (decided by the name's other words,
 * ocr/letter-scripts.ts), restricted to that script's capitals and the point, twice: enlarged 2× and 4×.
 *
 * One reading of one glyph is not to be trusted alone: on 971 initials of development pictures (sets
 * `heldout-2711d` and `-e`, clean, screenshot and photo, 27 Nov 2026) a single 2× reading overturned 4 that
 * the first pass had right (Alfa's `Ю` read `О` at 0.73; photos' `С` read `Е`), 3× and 4× alike. So the
 * initial takes another letter only when both readings name it, each at least 0.5 sure: that overturned none
 * of the 946 the first pass had right, and righted 17 of its 25 wrong ones — all 11 on clean renders (a Latin
 * `D`, `R`, `G`; a Cyrillic `Э`, `П`). An overturned initial keeps the first reading's point or none and is
 * capped at `disputedCap` (two readings of the same pixels disagreed). Names with no word deciding their script (`Z. L.`) are left as read, and so is
 * a value whose box holds more words shaped as initials than the name has (text beside it). The crop and
 * reading are packages/ocr's `rereadInitials`.
 */

import { scriptOf, toScript } from '../../readers/ocr/letter-scripts'
import type { OcrPage, OcrWord } from '../../readers/ocr/ocr-page'
import type { ImageExtraction } from './extract-image-receipt'
import type { RereadPass } from './image-field-rereading'
import { valueWords } from './image-field-rereading'

export interface InitialRereading {
  field: 'recipient_name' | 'sender_name'
  /** The first-pass word of the initial (`D.`, `3.`, `Б`). */
  word: OcrWord
  script: 'latin' | 'cyrillic'
  /** The same model and letters at two scales; both must agree to overturn the first reading. */
  passes: RereadPass[]
}

const latinCapitals = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const cyrillicCapitals = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ'
const scales = [2, 4]
const passesOf = (languages: string, capitals: string): RereadPass[] =>
  scales.map((upscale) => ({ languages, whitelist: `${capitals}.`, upscale }))
const passes: Record<InitialRereading['script'], RereadPass[]> = {
  latin: passesOf('eng', latinCapitals),
  cyrillic: passesOf('rus', cyrillicCapitals),
}
/** A re-reading the engine was less sure of than this never replaces the first reading's letter. */
const minimumConfidence = 0.5

/**
 * A word read as one initial: a capital, or a digit or bar the mixed model gave for one, and its point; or a
 * lower-case letter with its point (`Куз****в М. n.` for `П.`: no name prints a lone lower-case letter so).
 */
const initialWord = /^(?:[\p{Lu}\d|][.,:]?|\p{Ll}\.)$/u

/** The initials of each name worth reading again, with the pass of the name's script. */
export function initialsToReread(page: OcrPage, result: ImageExtraction): InitialRereading[] {
  const fields = result.fields as unknown as Record<string, unknown>
  const rereadings: InitialRereading[] = []
  for (const field of ['recipient_name', 'sender_name'] as const) {
    const value = fields[field]
    if (typeof value !== 'string') continue
    const script = scriptOf(
      value
        .split(/\s+/)
        .filter((word) => !initialWord.test(word))
        .join(' '),
    )
    if (!script) continue
    // The value box may reach into text beside the name (a VTB salary payer's purpose: `2025 г.`, `о`): only
    // when the words shaped as initials are as many as the value's initials is each taken for one.
    const initials = value.split(/\s+/).filter((word) => /^\p{L}\.?$/u.test(word))
    const words = valueWords(page, result, field).filter((word) => initialWord.test(word.text))
    if (words.length === 0 || words.length !== initials.length) continue
    for (const word of words) rereadings.push({ field, word, script, passes: passes[script] })
  }
  return rereadings
}

/**
 * The letter one pass read for the initial when it would overturn the first reading — one capital of the
 * name's script (a point after it allowed), read at least `minimumConfidence`, another letter than the first
 * reading's — else null. Only such an initial needs its next pass (packages/ocr reads the 4× pass for those
 * alone: the decision is the same, at one tesseract call per initial instead of two).
 */
export function overturningLetter(rereading: InitialRereading, words: readonly OcrWord[]): string | null {
  const capitals = rereading.script === 'latin' ? latinCapitals : cyrillicCapitals
  const letter = words
    .map((w) => w.text)
    .join('')
    .replace(/\.$/, '')
  if (letter.length !== 1 || !capitals.includes(letter)) return null
  if (Math.min(...words.map((w) => w.confidence)) < minimumConfidence) return null
  return toScript(rereading.word.text[0]!, rereading.script) === letter ? null : letter
}

/**
 * The initial's new text from what each of its passes read (`readings`, in the order of `passes`), or null
 * to keep the first reading: every pass must have read the same overturning letter (`overturningLetter`).
 * The first reading's point (or its absence) is kept.
 */
export function initialReadingText(
  rereading: InitialRereading,
  readings: readonly (readonly OcrWord[])[],
): string | null {
  if (readings.length !== rereading.passes.length) return null
  const letters = new Set(readings.map((words) => overturningLetter(rereading, words)))
  const [letter] = letters
  if (letters.size !== 1 || !letter) return null
  return letter + rereading.word.text.slice(1)
}
