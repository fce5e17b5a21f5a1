/**
 * The merchant's side of a generated receipt: the credit its bank would list for the genuine payment
 * (the receipt's true amount, its SBP id or operation number, the payer as printed, a couple of seconds
 * after the payment), and the in-memory equivalent of the store's three lookups over a statement.
 */
import { type CheckKeys, checkLookupDays, creditKeys, moscowDay, sbpIdIn } from '@rv/core/settlement'
import type { GroundTruth } from '@rv/generator'
import type { CreditLine } from '@rv/schemas'

export function creditOf(truth: GroundTruth, lineId: string): CreditLine {
  const f = truth.fields
  return {
    line_id: lineId,
    amount: f.amount ?? 0,
    currency: f.currency ?? 'RUB',
    credited_at: new Date(Date.parse(f.paid_at ?? '2026-01-01T00:00:00Z') + 2000).toISOString(),
    payer_name: f.sender_name,
    payer_account: null,
    sbp_operation_id: sbpIdIn([f.receipt_number]),
    operation_number: f.payment_reference,
    purpose: null,
  }
}

/** Credits indexed as the store indexes them: by SBP id, operation number, and amount + Moscow day. */
export function indexStatement(credits: readonly CreditLine[]) {
  const by = new Map<string, CreditLine[]>()
  const add = (key: string, c: CreditLine) => by.set(key, [...(by.get(key) ?? []), c])
  for (const c of credits) {
    const k = creditKeys(c)
    if (k.sbpId) add(`sbp:${k.sbpId}`, c)
    if (k.operationNumber) add(`op:${k.operationNumber}`, c)
    add(`amt:${k.amountMinor}:${moscowDay(k.from)}`, c)
  }
  return (keys: CheckKeys, windowMs: number): CreditLine[] => {
    const found = new Set<CreditLine>()
    if (keys.sbpId) for (const c of by.get(`sbp:${keys.sbpId}`) ?? []) found.add(c)
    if (keys.operationNumber) for (const c of by.get(`op:${keys.operationNumber}`) ?? []) found.add(c)
    for (const day of checkLookupDays(keys, windowMs))
      for (const c of by.get(`amt:${keys.amountMinor}:${day}`) ?? []) found.add(c)
    return [...found]
  }
}
