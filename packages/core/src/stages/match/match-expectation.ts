/**
 * The match stage: eight flags, each answering "does the receipt contradict what the expectation asked?".
 * A flag the expectation did not ask about is `true` (nothing to contradict); whether it had to be asked
 * is the profile's business (`decision/`), not this function's. Status is always asked: every expectation
 * implicitly expects a completed payment.
 */
import type { Expectation, MatchFlags, ReceiptFields } from '@rv/schemas'
import { matchBank } from './bank-aliases'
import { canonicalCurrency, defaultCurrency, matchAmount } from './match-amount'
import { matchRecipient } from './match-recipient'
import { matchReference } from './match-reference'
import { matchWindow } from './match-window'

export interface MatchOptions {
  /** Digits an identifier must show on both sides to count as agreeing (default 4). */
  minVisibleDigits?: number
  /** Overrides `expectation.amount_tolerance` when larger (a profile-wide tolerance, major units). */
  amountTolerance?: number
}

const asList = <T>(v: T | readonly T[]): readonly T[] => (Array.isArray(v) ? v : [v as T])

/**
 * @example matchExpectation(fields, { amount: 600, recipient: { phone: '+7 (900) ***-**-67' } }).amount
 */
export function matchExpectation(
  fields: ReceiptFields,
  expectation: Expectation,
  options: MatchOptions = {},
): MatchFlags {
  const e = expectation
  const amount = (): boolean => {
    if (e.amount === undefined) return true
    if (fields.amount === null || fields.currency === null) return false
    const tolerance = Math.max(e.amount_tolerance ?? 0, options.amountTolerance ?? 0)
    return matchAmount({
      printed: fields.amount,
      printedCurrency: fields.currency,
      expected: e.amount,
      expectedCurrency: e.currency ?? defaultCurrency,
      tolerance,
    })
  }
  return {
    amount: amount(),
    currency:
      e.currency === undefined ||
      (fields.currency !== null && canonicalCurrency(fields.currency) === canonicalCurrency(e.currency)),
    recipient:
      e.recipient === undefined || matchRecipient(fields, e.recipient, options.minVisibleDigits ?? 4),
    window:
      e.window === undefined ||
      (fields.paid_at !== null && matchWindow(fields.paid_at, fields.paid_at_source, e.window)),
    type: e.type === undefined || (fields.type !== null && asList(e.type).includes(fields.type)),
    status: fields.status_ok === true,
    bank: e.bank === undefined || (fields.bank !== null && matchBank(fields.bank, asList(e.bank))),
    payment_reference: e.payment_reference === undefined || matchReference(fields, e.payment_reference),
  }
}
