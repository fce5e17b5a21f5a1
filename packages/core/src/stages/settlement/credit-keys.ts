/**
 * The join keys of both sides, normalised once so the store can look them up by equality: the SBP
 * operation id (upper case), the within-bank operation number (trimmed, at least 6 characters: shorter
 * numbers repeat too often to join on), the amount in integer minor units and the Moscow days the time
 * stands for.
 */
import type { CheckRecord, CreditLine } from '@rv/schemas'
import { isSbpId } from '../../vocabulary/text/decode-sbp-id'
import { canonicalCurrency, toMinorUnits } from '../match/match-amount'
import { creditInterval, moscowDays } from './statement-time'

export interface CreditKeys {
  sbpId: string | null
  operationNumber: string | null
  currency: string
  amountMinor: number
  /** The instants the credit time stands for. */
  from: number
  to: number
  payerName: string | null
}

export interface CheckKeys {
  sbpId: string | null
  operationNumber: string | null
  currency: string
  amountMinor: number
  amount: number
  /** The receipt's payment time (epoch ms). */
  paidAt: number
  payerName: string | null
}

const minOperationNumberLength = 6
const sbpIdInText = /(?:^|[^0-9A-Z])([AB]\d{10}[0-9A-Z]{21})(?![0-9A-Z])/

/** The first SBP operation id among the values (a field of its own, or one quoted in a purpose text). */
export function sbpIdIn(values: readonly (string | null | undefined)[]): string | null {
  for (const value of values) {
    const id = value ? sbpIdInText.exec(value.toUpperCase())?.[1] : undefined
    if (id) return id
  }
  return null
}

function operationNumberKey(value: string | null | undefined): string | null {
  const compact = value?.replace(/\s+/g, '') ?? ''
  return compact.length >= minOperationNumberLength ? compact.toUpperCase() : null
}

export function creditKeys(credit: CreditLine): CreditKeys {
  const currency = canonicalCurrency(credit.currency)
  const { from, to } = creditInterval(credit.credited_at, credit.time_precision)
  return {
    sbpId: credit.sbp_operation_id ? credit.sbp_operation_id.toUpperCase() : null,
    operationNumber: operationNumberKey(credit.operation_number),
    currency,
    amountMinor: toMinorUnits(credit.amount, currency),
    from,
    to,
    payerName: credit.payer_name ?? null,
  }
}

/** The keys of a finished check, or null when it cannot be settled (no amount or no time was read). */
export function checkKeys(record: CheckRecord): CheckKeys | null {
  const f = record.fields
  if (f.amount === null || f.paid_at === null) return null
  const paidAt = Date.parse(f.paid_at)
  if (Number.isNaN(paidAt)) return null
  const currency = canonicalCurrency(f.currency ?? 'RUB')
  const receiptNumber = f.receipt_number?.trim().toUpperCase() ?? null
  const sbpId = receiptNumber && isSbpId(receiptNumber) ? receiptNumber : null
  return {
    sbpId,
    operationNumber: operationNumberKey(f.payment_reference ?? (sbpId ? null : receiptNumber)),
    currency,
    amountMinor: toMinorUnits(f.amount, currency),
    amount: f.amount,
    paidAt,
    payerName: f.sender_name,
  }
}

/** The Moscow days the amount lookup reads for a check: its time ± the name window. */
export function checkLookupDays(keys: CheckKeys, windowMs: number): string[] {
  return moscowDays(keys.paidAt - windowMs, keys.paidAt + windowMs)
}

/** The Moscow days a credit is stored under (and looked up from): what its time stands for ± the window. */
export function creditLookupDays(keys: CreditKeys, windowMs: number): string[] {
  return moscowDays(keys.from - windowMs, keys.to + windowMs)
}
