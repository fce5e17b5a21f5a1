/**
 * Money as printed on Russian receipts: `1 050 ₽`, `49,20 RUR`, `10 000,00 руб.`, `67400,00 рублей` (Pochta
 * Bank), T-Bank's `20 i` (its
 * ruble sign is a glyph of the ALSRubl font that text extraction reads as `i`), `99 999 UZS`. Thousands are
 * grouped with spaces; the decimal separator is a comma or a dot followed by one or two digits. Anything
 * else (two separators, three decimals, a stray word) is not an amount: returning null beats guessing.
 */
import { normalizeText } from '../../vocabulary/text/normalize-text'

export interface Money {
  value: number
  /** ISO 4217, or null when the text names no currency. */
  currency: string | null
}

const currencySymbols: Record<string, string> = {
  '₽': 'RUB',
  'руб.': 'RUB',
  руб: 'RUB',
  рублей: 'RUB',
  рубля: 'RUB',
  рубль: 'RUB',
  'р.': 'RUB',
  RUR: 'RUB',
  RUB: 'RUB',
  i: 'RUB',
  $: 'USD',
  '€': 'EUR',
  '֏': 'AMD',
  '₸': 'KZT',
  '₾': 'GEL',
}

const moneyPattern = /^(-?)(\d{1,3}(?: \d{3})+|\d+)(?:[.,](\d{1,2}))?(?: ?(\S+))?$/u

export function parseMoney(text: string): Money | null {
  const match = moneyPattern.exec(normalizeText(text))
  if (!match) return null
  const [, sign, whole, fraction, unit] = match
  const currency = unit === undefined ? null : toCurrency(unit)
  if (unit !== undefined && currency === null) return null
  const kopecks = Number(whole!.replace(/ /g, '')) * 100 + Number((fraction ?? '0').padEnd(2, '0'))
  const value = (sign === '-' ? -kopecks : kopecks) / 100
  return Number.isFinite(value) ? { value, currency } : null
}

function toCurrency(unit: string): string | null {
  const known = currencySymbols[unit] ?? currencySymbols[unit.toLowerCase()]
  if (known) return known
  return /^[A-Z]{3}$/.test(unit) ? unit : null
}

const noCommission = /^(без комиссии|комиссия не взимается|нет)$/i

/** A commission: an amount, or 0 when the receipt says there is none. */
export function parseCommission(text: string): Money | null {
  if (noCommission.test(normalizeText(text))) return { value: 0, currency: null }
  return parseMoney(text)
}
