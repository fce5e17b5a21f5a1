/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

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
