/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * The settlement of a finished check: whether the money its receipt shows reached the merchant's bank. Served as GET /v1/checks/{id}/settlement and carried by check.settlement-changed.v1; the check record itself keeps its fields (its reasons list and recommendation read the same way). Docs: docs/settlement.md.
 */
export interface Settlement {
  /**
   * awaiting: no credit yet and the profile's wait runs; confirmed: a credit with the receipt's amount; amount_mismatch: the receipt's operation was credited with another amount; not_found: the wait ran out; not_required: no credit yet and the profile does not require one; probable: the only credit of the receipt's amount and payer's name within the window joined it, but neither side has an id to prove it is this payment (amount + name + time: never confirmed).
   */
  status: 'awaiting' | 'confirmed' | 'amount_mismatch' | 'not_found' | 'not_required' | 'probable'
  /**
   * Which rule joined the credit; null without one.
   */
  joined_by: ('sbp_operation_id' | 'operation_number' | 'amount_name_time') | null
  /**
   * The joined credit line.
   */
  credit: CreditLine | null
  /**
   * The settlement reasons now in the check's reasons list.
   */
  reasons: (
    'settlement_confirmed' | 'settlement_amount_mismatch' | 'settlement_not_found' | 'settlement_probable'
  )[]
  /**
   * The check's recommendation with the settlement taken into account.
   */
  recommendation: 'accept' | 'review' | 'reject'
  /**
   * When an awaited credit counts as not found; null when settlement is not required.
   */
  due_at: string | null
  updated_at: string
}
/**
 * One incoming payment as the merchant's own bank reports it (a statement line, an API line or a streamed feed line). Credits are tenant-scoped: the tenant comes from the API key or the event envelope, never from the line. Docs: docs/settlement.md.
 */
export interface CreditLine {
  /**
   * The bank's own id of the line, unique within the tenant: posting the same line id again changes nothing (idempotent).
   */
  line_id: string
  /**
   * Amount credited, in major units of `currency` (rubles, not kopecks).
   */
  amount: number
  /**
   * ISO 4217 code.
   */
  currency: string
  /**
   * When the money arrived (ISO 8601). A statement that gives only the date says so with `time_precision: day`.
   */
  credited_at: string
  /**
   * How precise `credited_at` is; absent means second. A `day` credit stands for that whole (Moscow) day.
   */
  time_precision?: 'second' | 'minute' | 'day'
  /**
   * The payer as the bank shows it (possibly masked, `Иван Иванович И.`).
   */
  payer_name?: string | null
  /**
   * The payer's account, card or phone if given (possibly masked).
   */
  payer_account?: string | null
  /**
   * The SBP operation id (32 characters) if the credit came through SBP: the same id the payer's receipt prints.
   */
  sbp_operation_id?: string | null
  /**
   * The within-bank operation/document number, when the bank gives one.
   */
  operation_number?: string | null
  /**
   * Purpose / message text of the payment.
   */
  purpose?: string | null
}
