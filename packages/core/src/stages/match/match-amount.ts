/**
 * Amounts are compared in integer minor units of their currency, so 1050.1 + 0.2 style float noise can
 * never decide a match. Currencies are never mixed: an amount in another currency never matches.
 */

/** ISO 4217 minor-unit exponents that differ from 2; anything else has 2. */
const exponents: Readonly<Record<string, number>> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  UZS: 2,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
}

/** `RUR` (Alfa prints it) is the pre-1998 code of the ruble and means RUB here. */
export function canonicalCurrency(code: string): string {
  const upper = code.trim().toUpperCase()
  return upper === 'RUR' ? 'RUB' : upper
}

export function minorExponent(currency: string): number {
  return exponents[canonicalCurrency(currency)] ?? 2
}

/** Major units to integer minor units, rounding half away from zero at the exponent. */
export function toMinorUnits(amount: number, currency: string): number {
  const scale = 10 ** minorExponent(currency)
  return Math.sign(amount) * Math.round(Math.abs(amount) * scale)
}

/** The currency an expected amount is in when the expectation does not say: receipts here are rubles. */
export const defaultCurrency = 'RUB'

export interface AmountComparison {
  printed: number
  printedCurrency: string
  expected: number
  expectedCurrency: string
  /** Allowed absolute difference in major units. */
  tolerance: number
}

/** Whether the printed amount is within tolerance of the expected one, in the same currency. */
export function matchAmount(c: AmountComparison): boolean {
  const currency = canonicalCurrency(c.expectedCurrency)
  if (canonicalCurrency(c.printedCurrency) !== currency) return false
  const diff = Math.abs(toMinorUnits(c.printed, currency) - toMinorUnits(c.expected, currency))
  return diff <= toMinorUnits(c.tolerance, currency)
}
