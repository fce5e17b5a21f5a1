/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
 *
 * This interface was referenced by `Profile`'s JSON-Schema
 * via the `definition` "Action".
 */
export type Action = 'accept' | 'review' | 'reject'

/**
 * A verification profile: how a tenant's checks turn findings into a recommendation. Versions are immutable: a change is stored as a new version, and every check records the profile name and version it was decided by. A stored profile is complete (every member present), so a version never depends on later defaults.
 */
export interface Profile {
  /**
   * Stable name within the tenant, e.g. `default`.
   */
  name: string
  /**
   * 1 for the first version; each change adds 1.
   */
  version: number
  /**
   * Owner tenant; null for the built-in profiles every tenant may use.
   */
  tenant_id: string | null
  description?: string
  /**
   * What an authenticity finding does to the recommendation.
   */
  document: {
    /**
     * A hard check failed. Default reject.
     */
    forged: 'accept' | 'review' | 'reject'
    /**
     * Only soft checks failed. Default review.
     */
    suspicious: 'accept' | 'review' | 'reject'
    /**
     * The receipt's family is not recognised (no claim either way). Default review.
     */
    unknown_family: 'accept' | 'review' | 'reject'
    /**
     * The receipt is a picture (screenshot, photo) and no check failed: it cannot be proven genuine from the file alone (verdict unknown). Optional; absent means review. See docs/authenticity.md, Images.
     */
    image?: 'accept' | 'review' | 'reject'
  }
  /**
   * Per authenticity check name: `hard` (a failure means forged), `soft` (a failure means suspicious) or `ignore` (a failure is disregarded). Checks not listed keep the hardness the authenticity stage gave them.
   */
  checks: {
    [k: string]: 'hard' | 'soft' | 'ignore'
  }
  match: {
    /**
     * What a false match flag does. `ignore` makes the flag informational only.
     */
    flags: {
      bank: Action
      amount: Action
      currency: Action
      recipient: Action
      window: Action
      type: Action
      status: Action
      payment_reference: Action
    }
    /**
     * Profile-wide amount tolerance in major units; the larger of this and the expectation's applies.
     */
    amount_tolerance: number
    /**
     * Digits an account, phone or card must show on both sides to agree.
     */
    min_visible_digits: number
  }
  expectation: {
    /**
     * Expectation members a submission must carry; a match flag is only meaningful when it was asked.
     */
    required_members: (
      'order_ref' | 'amount' | 'currency' | 'recipient' | 'bank' | 'window' | 'type' | 'payment_reference'
    )[]
    /**
     * refuse: POST answers 422 expectation_invalid; review/reject: the check runs and the recommendation says so (reason `expectation_missing:<member>`).
     */
    missing: 'refuse' | 'review' | 'reject'
  }
  replay: {
    /**
     * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
     */
    identical_file: 'accept' | 'review' | 'reject'
    /**
     * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
     */
    same_receipt: 'accept' | 'review' | 'reject'
    /**
     * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
     */
    operation_id_reused: 'accept' | 'review' | 'reject'
    /**
     * Also look for the receipt among other tenants' submissions (HMAC digests only). Default false.
     */
    cross_tenant: boolean
    /**
     * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
     */
    cross_tenant_action: 'accept' | 'review' | 'reject'
  }
  /**
   * When the vision model reads the receipt (only where the deployment configures one, VLM_BASE_URL). Optional: absent means the built-in policy (when_needed; amount, currency, paid_at, receipt_number; 0.8). See docs/vlm.md.
   */
  vlm?: {
    /**
     * never: deterministic reading only; when_needed: when a required field is missing or below min_confidence; always: every receipt (its values are still grounded in the OCR text).
     */
    use: 'never' | 'when_needed' | 'always'
    required_fields: (
      | 'bank'
      | 'amount'
      | 'currency'
      | 'status_ok'
      | 'receipt_number'
      | 'paid_at'
      | 'recipient_name'
      | 'recipient_account'
      | 'payment_reference'
      | 'purpose'
      | 'sender_name'
      | 'commission'
    )[]
    min_confidence: number
  }
  errors: {
    /**
     * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
     */
    failed: 'accept' | 'review' | 'reject'
  }
  /**
   * Settlement against the merchant's bank credits (docs/settlement.md). Optional; absent means not required (a credit that joins still confirms or contradicts the receipt).
   */
  settlement?: {
    /**
     * Whether a check must be settled: one not credited within `wait_seconds` gets `settlement_not_found`.
     */
    required: boolean
    /**
     * Settlement is required only for receipts above this amount (major units); null or absent: every amount.
     */
    above_amount?: number | null
    /**
     * How long after the check finished a credit may still arrive before `settlement_not_found`.
     */
    wait_seconds: number
    /**
     * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
     */
    not_found?: 'accept' | 'review' | 'reject'
    /**
     * The recommendation a finding pushes towards; the strictest finding wins (reject > review > accept). accept means the finding is disregarded.
     */
    amount_mismatch?: 'accept' | 'review' | 'reject'
    /**
     * Half-width of the time window of the amount + payer name + time rule. Absent: 1800.
     */
    name_window_seconds?: number
  }
}
