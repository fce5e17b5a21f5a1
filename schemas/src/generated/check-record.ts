/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * pending: accepted, no stage has reported; processing: some stages reported; done: every stage reported and a recommendation was made; failed: a stage failed permanently (see error). done and failed are terminal.
 *
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "CheckStatus".
 */
export type CheckStatus = 'pending' | 'processing' | 'done' | 'failed'
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "Mode".
 */
export type Mode = 'pdf' | 'image'
/**
 * genuine: consistent with every check of its family; suspicious: soft checks failed; forged: a hard check failed; unknown: family not recognised or document unreadable, no claim either way.
 *
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "Verdict".
 */
export type Verdict = 'genuine' | 'suspicious' | 'forged' | 'unknown'
/**
 * client_transfer: outgoing person-to-person transfer (SBP by phone or to a client of the same bank); card_transfer: card to card; cross_border_transfer: abroad; incoming_transfer: a credit received (the receipt holder is the recipient); salary: salary credit; mobile_payment: mobile top-up; other: anything else.
 *
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "TransferType".
 */
export type TransferType =
  | 'client_transfer'
  | 'card_transfer'
  | 'cross_border_transfer'
  | 'incoming_transfer'
  | 'salary'
  | 'mobile_payment'
  | 'other'
/**
 * receipt_number: decoded from the SBP operation id (and consistent with the printed time); printed: the printed time converted from Moscow time; metadata: PDF dates only; model: read by the vision-language model.
 *
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "PaidAtSource".
 */
export type PaidAtSource = 'receipt_number' | 'printed' | 'metadata' | 'model'
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "FieldSource".
 */
export type FieldSource = 'pdf_text' | 'ocr' | 'vlm' | 'none'
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "ReplayKey".
 */
export type ReplayKey = 'file_sha256' | 'content_hash' | 'operation_id' | 'semantic'
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "Recommendation".
 */
export type Recommendation = 'accept' | 'review' | 'reject'

/**
 * The full check record as stored. POST and GET return projections of it (see api-projection in @rv/core and the OpenAPI document).
 */
export interface CheckRecord {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  id: string
  status: CheckStatus
  created_at: string
  tenant_id: string
  /**
   * Client-side order reference from the expectation; null when not given.
   */
  order_ref: string | null
  profile: string
  profile_version: number
  mode: Mode
  document: DocumentAssessment
  fields: ReceiptFields
  match: MatchFlags
  replay: ReplayResult
  /**
   * Null until the check is done or failed.
   */
  recommendation: Recommendation | null
  /**
   * Stable reason codes behind the recommendation.
   */
  reasons: string[]
  error: ErrorBlock | null
  cost: Cost
}
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "DocumentAssessment".
 */
export interface DocumentAssessment {
  /**
   * Null while the authenticity stage has not reported.
   */
  verdict: Verdict | null
  /**
   * `<bank>/<variant>` (e.g. `vtb/sbp_outgoing`), `unknown`, or null while pending.
   */
  family: string | null
  checks: CheckResult[]
}
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "CheckResult".
 */
export interface CheckResult {
  name: string
  hard: boolean
  passed: boolean
  detail: string
}
/**
 * Every member is null when not read. An empty field beats a wrong one.
 *
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "ReceiptFields".
 */
export interface ReceiptFields {
  /**
   * Recipient's bank: a canonical id (sberbank, vtb, alfabank, tbank, gazprombank, ozonbank, ...) when known, else the printed name.
   */
  bank: string | null
  /**
   * Amount transferred, in major units of `currency` (rubles, not kopecks), commission excluded.
   */
  amount: number | null
  /**
   * ISO 4217 code.
   */
  currency: string | null
  type: TransferType | null
  /**
   * The receipt states the operation completed successfully.
   */
  status_ok: boolean | null
  /**
   * The SBP operation id where printed, else the bank's operation/receipt number.
   */
  receipt_number: string | null
  /**
   * Operation time, ISO 8601 UTC.
   */
  paid_at: string | null
  paid_at_source: PaidAtSource | null
  recipient_name: string | null
  /**
   * Recipient account, phone or card exactly as printed (often masked).
   */
  recipient_account: string | null
  /**
   * Bank's own operation/receipt number when distinct from the SBP id.
   */
  payment_reference: string | null
  /**
   * Message to the recipient / purpose of payment as printed.
   */
  purpose: string | null
  sender_name: string | null
  /**
   * Commission in major units of `currency`; 0 when the receipt says there is none.
   */
  commission: number | null
  source: FieldSource | null
  /**
   * ISO 639-1 language of the receipt text.
   */
  language: string | null
  /**
   * Field name (a member of this object other than confidence, source, language) to a confidence in [0, 1]. A field that is null has no key.
   */
  confidence: {
    [k: string]: number
  }
}
/**
 * true: matches the expectation or the expectation did not ask about it; false: it asked and the receipt disagrees or does not show it; null while the matching stage has not reported.
 *
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "MatchFlags".
 */
export interface MatchFlags {
  bank: boolean | null
  amount: boolean | null
  currency: boolean | null
  recipient: boolean | null
  window: boolean | null
  type: boolean | null
  status: boolean | null
  payment_reference: boolean | null
}
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "ReplayResult".
 */
export interface ReplayResult {
  /**
   * Null while the replay stage has not reported.
   */
  seen_before: boolean | null
  /**
   * Earliest earlier check sharing a key.
   */
  duplicate_of: string | null
  keys_matched: ReplayKey[]
}
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "ErrorBlock".
 */
export interface ErrorBlock {
  /**
   * Stable machine-readable code (see README, Error codes).
   */
  code: string
  message: string
  /**
   * Whether submitting the same request again may succeed.
   */
  retryable: boolean
}
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "Cost".
 */
export interface Cost {
  vlm_usd: number
  vlm_tokens: number
  /**
   * Submission to terminal status, in milliseconds; null while not terminal.
   */
  latency_ms: number | null
  models: string[]
  model_usage: ModelUsage[]
}
/**
 * This interface was referenced by `CheckRecord`'s JSON-Schema
 * via the `definition` "ModelUsage".
 */
export interface ModelUsage {
  model: string
  tokens: number
  usd: number
  calls: number
}
