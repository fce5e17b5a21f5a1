/**
 * Which rule, if any, joins a check with a credit of the same tenant, in order of strength:
 * 1. the SBP operation id (the payer's receipt prints the id the merchant's bank credits under);
 * 2. the within-bank operation number, within a day of the receipt;
 * 3. the same amount, the payer's name (masked names matched as `matchName` does) and a time within the
 *    profile's window; when one side shows no name, the same amount within 5 minutes.
 * Rules 1 and 2 join whatever the amounts: an operation credited with another amount is the point
 * (`settlement_amount_mismatch`). Rule 3 needs equal amounts and proves no payment: the settlement it makes
 * is `probable`, never `confirmed` (settle-check.ts), and only when one candidate fits (`bestJoin`).
 */
import { matchName } from '../match/match-name'
import type { CheckKeys, CreditKeys } from './credit-keys'

export type JoinRule = 'sbp_operation_id' | 'operation_number' | 'amount_name_time'

const ruleRank: Record<JoinRule, number> = { sbp_operation_id: 0, operation_number: 1, amount_name_time: 2 }
const operationNumberWindowMs = 24 * 60 * 60 * 1000
/** The window of amount + time alone, when a side shows no payer name. */
export const namelessWindowMs = 5 * 60 * 1000

/** The distance (ms) from the receipt time to the interval the credit time stands for. */
function distance(check: CheckKeys, credit: CreditKeys): number {
  if (check.paidAt < credit.from) return credit.from - check.paidAt
  if (check.paidAt > credit.to) return check.paidAt - credit.to
  return 0
}

export function joinRule(check: CheckKeys, credit: CreditKeys, nameWindowMs: number): JoinRule | null {
  if (check.sbpId !== null && credit.sbpId !== null)
    return check.sbpId === credit.sbpId ? 'sbp_operation_id' : null
  if (
    check.operationNumber !== null &&
    check.operationNumber === credit.operationNumber &&
    distance(check, credit) <= operationNumberWindowMs
  )
    return 'operation_number'
  if (check.currency !== credit.currency || check.amountMinor !== credit.amountMinor) return null
  // Without a name on one side (receipts of some transfers print none) only a close time may stand in.
  // A credit dated to the day only is no close time.
  if (check.payerName === null || credit.payerName === null)
    return credit.to - credit.from < namelessWindowMs &&
      distance(check, credit) <= Math.min(nameWindowMs, namelessWindowMs)
      ? 'amount_name_time'
      : null
  if (distance(check, credit) <= nameWindowMs && matchName(check.payerName, credit.payerName))
    return 'amount_name_time'
  return null
}

/**
 * Of the candidates the store returned, the best join: the strongest rule, then the closest in time, then
 * the first given (the store returns them in a fixed order), so equal inputs always pick the same one.
 * Amount + name + time joins only when exactly one candidate fits it: two same-amount credits of payers
 * whose names agree (a common first name and initial) are no proof of either, so neither joins.
 */
export function bestJoin<T>(
  pairs: readonly { check: CheckKeys; credit: CreditKeys; value: T }[],
  nameWindowMs: number,
): { value: T; rule: JoinRule } | null {
  let best: { value: T; rule: JoinRule; rank: number; distance: number } | null = null
  let weak = 0
  for (const { check, credit, value } of pairs) {
    const rule = joinRule(check, credit, nameWindowMs)
    if (rule === null) continue
    if (rule === 'amount_name_time') weak++
    const rank = ruleRank[rule]
    const d = distance(check, credit)
    if (best === null || rank < best.rank || (rank === best.rank && d < best.distance))
      best = { value, rule, rank, distance: d }
  }
  if (best?.rule === 'amount_name_time' && weak > 1) return null
  return best && { value: best.value, rule: best.rule }
}

/** Whether `rule` is stronger than `than` (an id beats amount + name + time: it displaces a weaker claim). */
export const strongerRule = (rule: JoinRule, than: JoinRule): boolean => ruleRank[rule] < ruleRank[than]
