/**
 * The settlement of a finished check, as a pure function of the check, the credit joined to it (if any),
 * the profile's policy and the time: the status, the reasons that go into the check's reasons list and
 * the recommendation they drive. The check's own recommendation (before settlement) is kept as `base`, so
 * a credit arriving after `settlement_not_found` gives the check back the recommendation it had.
 */
import type { CheckRecord, CreditLine, ProfileAction, Recommendation, Settlement } from '@rv/schemas'
import type { CheckKeys, CreditKeys } from './credit-keys'
import type { JoinRule } from './join-rule'
import { type SettlementPolicy, settlementRequired } from './settlement-policy'

export type SettlementReason = Settlement['reasons'][number]

export const settlementReasons = {
  settlement_confirmed: "a credit of the receipt's amount reached the merchant's bank",
  settlement_amount_mismatch: "the receipt's operation was credited with another amount (or currency)",
  settlement_not_found: "no credit joined the receipt within the profile's settlement wait",
  settlement_probable:
    "the only credit of the receipt's amount and payer's name joined it, with no id to prove it",
} as const satisfies Record<SettlementReason, string>

export interface SettleInput {
  base: { recommendation: Recommendation; reasons: readonly string[] }
  keys: CheckKeys
  /** When the check was submitted (epoch ms): the wait runs from there. */
  createdAt: number
  join: { credit: CreditLine; keys: CreditKeys; rule: JoinRule } | null
  policy: SettlementPolicy
  now: number
}

const severity: Record<ProfileAction, number> = { accept: 0, review: 1, reject: 2 }
const stricter = (a: ProfileAction, b: ProfileAction): ProfileAction => (severity[b] > severity[a] ? b : a)

export function settleCheck(input: SettleInput): Settlement {
  const { keys, join, policy } = input
  const required = settlementRequired(policy, keys.amount)
  const dueAt = required ? input.createdAt + policy.waitMs : null
  let status: Settlement['status']
  let action: ProfileAction = 'accept'
  if (join) {
    const same = join.keys.currency === keys.currency && join.keys.amountMinor === keys.amountMinor
    // Amount + name + time proves no payment: another payer of the same amount and a common name fits too.
    status = !same ? 'amount_mismatch' : join.rule === 'amount_name_time' ? 'probable' : 'confirmed'
    if (!same) action = policy.amountMismatch
  } else if (dueAt === null) status = 'not_required'
  else if (input.now >= dueAt) {
    status = 'not_found'
    action = policy.notFound
  } else status = 'awaiting'
  const reason: SettlementReason | null =
    status === 'confirmed'
      ? 'settlement_confirmed'
      : status === 'probable'
        ? 'settlement_probable'
        : status === 'amount_mismatch'
          ? 'settlement_amount_mismatch'
          : status === 'not_found'
            ? 'settlement_not_found'
            : null
  return {
    status,
    joined_by: join?.rule ?? null,
    credit: join?.credit ?? null,
    reasons: reason ? [reason] : [],
    recommendation: stricter(input.base.recommendation, action),
    due_at: dueAt === null ? null : new Date(dueAt).toISOString(),
    updated_at: new Date(input.now).toISOString(),
  }
}

/** The record as the merchant reads it: the settlement's reasons in its reasons list, its recommendation. */
export function withSettlement(record: CheckRecord, settlement: Settlement | undefined): CheckRecord {
  if (!settlement || record.status !== 'done') return record
  const own = record.reasons.filter((r) => !r.startsWith('settlement_'))
  return { ...record, reasons: [...own, ...settlement.reasons], recommendation: settlement.recommendation }
}

/** Whether the merchant would see a difference (the event is published only then). */
export function settlementChanged(before: Settlement | undefined, after: Settlement): boolean {
  return (
    before === undefined ||
    before.status !== after.status ||
    before.recommendation !== after.recommendation ||
    (before.credit?.line_id ?? null) !== (after.credit?.line_id ?? null)
  )
}
