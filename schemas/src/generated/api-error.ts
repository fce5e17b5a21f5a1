/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * The one body of every non-2xx HTTP response.
 */
export interface ApiErrorResponse {
  error: {
    /**
     * Broad class of the error, as in the HTTP status.
     */
    type:
      | 'invalid_request_error'
      | 'authentication_error'
      | 'permission_error'
      | 'not_found_error'
      | 'idempotency_error'
      | 'rate_limit_error'
      | 'api_error'
    /**
     * Stable machine-readable code, e.g. `expectation_invalid`, `token_invalid`, `check_not_found` (README, Error codes).
     */
    code: string
    /**
     * Human-readable explanation; may change, do not parse.
     */
    message: string
    /**
     * Whether sending the same request again (with the same idempotency key) may succeed.
     */
    retryable: boolean
    /**
     * Also in the `request-id` response header; quote it to support.
     */
    request_id: string
    /**
     * The request part or parameter at fault, when there is one.
     */
    param?: string
    /**
     * Field-level problems, for validation errors.
     */
    details?: {
      /**
       * JSON pointer into the part, e.g. `/amount`.
       */
      path: string
      message: string
    }[]
  }
}
