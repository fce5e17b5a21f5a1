/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * What the merchant expects the receipt to show. Sent as the `expectation` multipart text part (JSON). Every member is optional; a member that is absent is not checked (its match flag is true).
 */
export interface Expectation {
  /**
   * Client-side order reference, echoed as `order_ref`.
   */
  order_ref?: string
  /**
   * Expected amount in major units of `currency` (e.g. 1050.50 rubles).
   */
  amount?: number
  /**
   * Allowed absolute difference in major units; default 0 (exact, compared in minor units).
   */
  amount_tolerance?: number
  /**
   * ISO 4217 code.
   */
  currency?: string
  recipient?: {
    name?: string
    /**
     * Account number, full or masked with `*`.
     */
    account?: string
    /**
     * Phone, any punctuation; full or masked with `*`.
     */
    phone?: string
    /**
     * Card number, full or masked with `*`.
     */
    card?: string
  }
  /**
   * Accepted recipient bank(s): canonical ids (sberbank, vtb, alfabank, tbank, gazprombank, ozonbank, ...) or names.
   */
  bank?: string | [string, ...string[]]
  /**
   * When the payment must have happened (UTC instants).
   */
  window?:
    | {
        from?: string
        to?: string
      }
    | {
        at: string
        /**
         * Default 900.
         */
        tolerance_seconds?: number
      }
  /**
   * Accepted transfer type(s), values of fields.type.
   */
  type?:
    | (
        | 'client_transfer'
        | 'card_transfer'
        | 'cross_border_transfer'
        | 'incoming_transfer'
        | 'salary'
        | 'mobile_payment'
        | 'other'
      )
    | [
        (
          | 'client_transfer'
          | 'card_transfer'
          | 'cross_border_transfer'
          | 'incoming_transfer'
          | 'salary'
          | 'mobile_payment'
          | 'other'
        ),
        ...(
          | 'client_transfer'
          | 'card_transfer'
          | 'cross_border_transfer'
          | 'incoming_transfer'
          | 'salary'
          | 'mobile_payment'
          | 'other'
        )[]
      ]
  /**
   * Expected payment reference: matched against the receipt's purpose/message and operation numbers.
   */
  payment_reference?: string
}
