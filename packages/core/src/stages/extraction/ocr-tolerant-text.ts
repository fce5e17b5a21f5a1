/**
 * Noise-tolerant comparison of a value with OCR text. Two tiers: `plain` forgives only what is not an
 * error (case, `ё`, NBSP and every space, decimal comma vs dot, mask characters); `fuzzy` also forgives the
 * confusions OCR engines make (O/0, l/I/1, S/5, B/8, Z/2, З/3, б/6 and Cyrillic letters that look Latin).
 * A value found only by `fuzzy` is kept with less confidence than one found `plain`.
 */
import { normalizeText } from '../../vocabulary/text/normalize-text'

export type MatchTier = 'plain' | 'fuzzy'

const masks = /[*•·∙●✱]+/g

/** Case, ё, spaces (all removed), dashes, decimal comma, mask runs -> one '*'. */
export function plainFold(text: string): string {
  return normalizeText(text)
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(masks, '*')
    .replace(/,/g, '.')
    .replace(/\s+/g, '')
}

/** Cyrillic letters drawn like Latin ones, and letters OCR reads for digits (and back). */
const confusions: Record<string, string> = {
  а: 'a',
  в: '8',
  б: '6',
  е: 'e',
  з: '3',
  к: 'k',
  м: 'm',
  н: 'h',
  о: '0',
  o: '0',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  b: '8',
  i: '1',
  l: '1',
  '|': '1',
  і: '1',
  s: '5',
  z: '2',
  g: '9',
  q: '9',
}

export function fuzzyFold(text: string): string {
  let out = ''
  for (const ch of plainFold(text)) out += confusions[ch] ?? ch
  return out
}

/**
 * The tier at which `value` occurs in `text`, or null. Values shorter than 3 characters after folding are
 * only accepted `plain` and as a whole word: two characters match by accident in any receipt.
 */
export function findInText(value: string, text: string): MatchTier | null {
  const v = plainFold(value)
  if (v === '') return null
  if (v.length < 3) {
    const words = normalizeText(text).toLowerCase().split(/\s+/).map(plainFold)
    return words.includes(v) ? 'plain' : null
  }
  if (plainFold(text).includes(v)) return 'plain'
  return fuzzyFold(text).includes(fuzzyFold(value)) ? 'fuzzy' : null
}

/** Thousands groups joined (`1 234 567,50` -> `1234567,50`) so a number reads as one token. */
function joinThousands(text: string): string {
  return text.replace(/(?<!\d)\d{1,3}(?: \d{3})+(?!\d)/g, (m) => m.replace(/ /g, ''))
}

const digitLike: Record<string, string> = {
  o: '0',
  о: '0',
  O: '0',
  О: '0',
  l: '1',
  I: '1',
  '|': '1',
  S: '5',
  B: '8',
  З: '3',
  Z: '2',
}

/** Replaces letters OCR confuses with digits, only where they touch a digit or a separator. */
function fixDigits(text: string): string {
  let out = text
  for (let pass = 0; pass < 2; pass++) {
    out = out.replace(/(?<=[\d.,])[olOоОI|SBЗZ]|[olOоОI|SBЗZ](?=[\d.,])/g, (c) => digitLike[c] ?? c)
  }
  return out
}

function amountPattern(value: number): RegExp {
  const kopecks = Math.round(Math.abs(value) * 100)
  const whole = Math.floor(kopecks / 100)
  const cents = kopecks % 100
  let tail: string
  if (cents === 0) tail = '(?:[.,]0{1,2})?(?![.,]?\\d)'
  else if (cents % 10 === 0) tail = `[.,]${cents / 10}0?(?!\\d)`
  else tail = `[.,]${String(cents).padStart(2, '0')}(?!\\d)`
  return new RegExp(`(?<![\\d.,])${whole}${tail}`)
}

/**
 * Whether a money value is printed in the text (in rubles-and-kopecks notation, thousands grouped or not).
 * @example findAmountInText(1234.5, 'Сумма 1 234,50 ₽') // 'plain'
 */
export function findAmountInText(value: number, text: string): MatchTier | null {
  const pattern = amountPattern(value)
  const spaced = normalizeText(text)
  if (pattern.test(joinThousands(spaced))) return 'plain'
  return pattern.test(joinThousands(fixDigits(spaced))) ? 'fuzzy' : null
}
