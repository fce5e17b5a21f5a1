/**
 * One OCR word as the receipt most likely printed it, knowing the word before it on the line. Tesseract with
 * Russian and English models makes a few confusions that the word's neighbourhood settles:
 * - it has no ruble glyph: `P`/`Р`/`?`/`°` after a number, or glued to it, is `₽`;
 * - identifiers (SBP ids, operation numbers) are Latin: a capitals-and-digits token with at least as many
 *   digits as letters gets the Latin twins of its Cyrillic capitals (`С16…` → `C16…`);
 * - a name's initial read as a digit or a sign (`3.`, `0.`, `©:`) after a capitalised name word is the
 *   letter twin in that word's script;
 * - a digit inside a word of letters (`Ky3****a`) is the letter it resembles, in the script that has one;
 * - an initial glued to its name (`ЮлияИ.`) is set apart;
 * - a date's point read as a comma (`17.10,2025`: a light grey date cropped and read again) is a point;
 * - after a lowercase Cyrillic word, a short word opened by `3` or `0` and ended in lowercase Cyrillic
 *   (`плата 3а`, `договору 0т`) is opened by `з` / `о`, the letters those digits picture at x-height —
 *   unless the rest is a numeral's ending (`в 3х`, `на 0й`);
 * - a lowercase Cyrillic word ended by a capital whose lowercase is the same glyph smaller (`оТ`) is all
 *   lowercase: the engine misjudged the last letter's height.
 */

import { cyrillicTwins, scriptOf, toScript } from './letter-scripts'
import type { OcrWord } from './ocr-page'

/**
 * Tesseract's models have no ruble sign: it reads `₽` as a Latin or Cyrillic P, `?` or `°`. Standing after
 * a number, none of these is anything else. (A `2` is; families that print `₽` repair that case with what
 * they know, extraction/repair-amount-sign.ts.)
 */
const rubleLookalike = /^[PР?°]$/
const identifierLike = /^[0-9A-ZА-ЯЁ]{5,}$/
/** A ruble sign read glued to its number (`600Р`, `600?`): tesseract has no glyph for it. */
const rubleGlued = /^(\d[\d.,]*)[PР?°]$/

/** Digits (and signs) that are the picture of a capital: in Cyrillic and in Latin. */
const cyrillicOfDigit: Record<string, string> = { '3': 'З', '0': 'О', '4': 'Ч', '6': 'Б', '©': 'С' }
const latinOfDigit: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '5': 'S',
  '8': 'B',
  '2': 'Z',
  '6': 'G',
  '©': 'C',
  // A Latin `I` of a sans font is a bare stroke: read as a bar after a Latin name (`Nazarov |.`).
  '|': 'I',
}
/** An initial read as a digit, `©` or a bar, its point possibly read as `:` or `,`. */
const digitInitial = /^([\d©|])[.:,]$/
const nameWord = /^[A-ZА-ЯЁ][A-Za-zА-Яа-яЁё]+$/
/** An initial glued to the name before it (`ЮлияИ.`). */
const gluedInitial = /^([A-ZА-ЯЁ][a-zа-яё]+)([A-ZА-ЯЁ]\.)$/
/** DD.MM.YYYY with a point read as a comma; a comma after the year (VTB's `DD.MM.YYYY,`) is kept. */
const commaDate = /^(\d{2})[.,](\d{2})[.,](\d{4})(,?)$/
/** A digit with a letter (or a mask's `*`) on both sides, in a word of at least three letters. */
const digitInWord = /(?<=[A-Za-zА-Яа-яЁё*])\d(?=[A-Za-zА-Яа-яЁё*])/g

/** `3а`, `0т`: a digit at x-height opening a short lowercase Cyrillic word. */
const digitOpened = /^([30])([а-яё]{1,3})$/
const lowerOfDigit: Record<string, string> = { '3': 'з', '0': 'о' }
const lowercaseWord = /^[а-яё]+$/
const numeralEnding = /^(?:х|м|й|я|е|го|ми|ти|ий|ая|ое|ей|ью|мя)$/
/** Capitals drawn as their lowercase letter enlarged (not `А Б Д Е Р У Ф`, whose lowercase differs). */
const lastCapitalSlip = /^[а-яё]+[ВГЖЗИЙКЛМНОПСТХЦЧШЩЪЫЬЭЮЯ]$/

function initialText(digit: string, previous: string | undefined): string | null {
  if (!previous || !nameWord.test(previous)) return null
  // By the majority of the word's letters: a name word may carry a twin of the other script.
  const script = scriptOf(previous)
  if (script === 'cyrillic') return cyrillicOfDigit[digit] ?? null
  return script === 'latin' ? (latinOfDigit[digit] ?? null) : null
}

/**
 * A name's initial read as a digit or a sign (`3.`, `0:`), given the name word before it, as the letter it
 * pictures (`З.`), else null. words-to-runs applies it within a line; a name reader applies it across the
 * wrap of a long name, where the initial starts a line of its own.
 */
export function initialOfDigit(word: string, previousWord: string | undefined): string | null {
  const initial = digitInitial.exec(word)
  const letter = initial ? initialText(initial[1]!, previousWord) : null
  return letter ? `${letter}.` : null
}

/** A digit inside a word as a letter: in the word's script, else in the one script that has such a letter. */
function lettersForDigits(text: string): string {
  if ((text.match(/[A-Za-zА-Яа-яЁё]/g) ?? []).length < 3) return text
  const script = scriptOf(text.replace(/\d/g, ''))
  return text.replace(digitInWord, (digit, offset: number) => {
    const cyrillic = cyrillicOfDigit[digit]
    const latin = latinOfDigit[digit]
    const letter =
      script === 'cyrillic'
        ? cyrillic
        : script === 'latin'
          ? latin
          : cyrillic && latin
            ? undefined
            : (cyrillic ?? latin)
    if (!letter) return digit
    // Lowercase among lowercase letters (`Ky3****a` → `Kyз****a`).
    return /[a-zа-яё]/.test(text[offset - 1] ?? '') ? letter.toLowerCase() : letter
  })
}

export function readOcrWord(word: OcrWord, previous: OcrWord | undefined): string {
  const text = word.text
  const initial = initialOfDigit(text, previous?.text)
  if (initial) return initial
  if (previous && rubleLookalike.test(text) && /\d$/.test(previous.text)) return '₽'
  const glued = rubleGlued.exec(text)
  if (glued) return `${glued[1]} ₽`
  if (identifierLike.test(text)) {
    const digits = text.replace(/\D/g, '').length
    if (digits >= text.length - digits) return text.replace(/[А-ЯЁ]/g, (ch) => cyrillicTwins[ch] ?? ch)
  }
  const date = commaDate.exec(text)
  if (date) return `${date[1]}.${date[2]}.${date[3]}${date[4]}`
  const apart = gluedInitial.exec(text)
  if (apart) return `${apart[1]} ${apart[2]}`
  // Twins only (`3a`, `oT`): the letters may be Latin as read; words-to-runs puts them in the run's script.
  const cyrillic = scriptOf(text) === 'latin' ? text : toScript(text, 'cyrillic')
  const opened = digitOpened.exec(cyrillic)
  const after = previous ? toScript(previous.text, 'cyrillic') : ''
  if (opened && lowercaseWord.test(after) && !numeralEnding.test(opened[2]!))
    return `${lowerOfDigit[opened[1]!]}${opened[2]}`
  if (lastCapitalSlip.test(cyrillic)) return cyrillic.toLowerCase()
  return lettersForDigits(text)
}
