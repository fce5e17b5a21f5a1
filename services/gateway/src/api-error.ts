import type { ApiErrorResponse } from '@rv/schemas'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type ApiErrorType = ApiErrorResponse['error']['type']
export type ApiErrorDetail = NonNullable<ApiErrorResponse['error']['details']>[number]

const typeByStatus: Record<number, ApiErrorType> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  410: 'not_found_error',
  409: 'idempotency_error',
  429: 'rate_limit_error',
}

/** The error type a status belongs to: 4xx not listed are invalid requests, 5xx are the API's fault. */
export function errorTypeOf(status: number): ApiErrorType {
  return typeByStatus[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error')
}

export interface ApiErrorOptions {
  message: string
  /** The error type when the status alone does not tell it (a 409 that is not about idempotency). */
  type?: ApiErrorType
  retryable?: boolean
  param?: string
  details?: ApiErrorDetail[]
  headers?: Record<string, string>
  cause?: unknown
}

/**
 * The one error every route and middleware throws; the error handler renders it as the api-error body.
 *
 * @example
 * throw new ApiError(404, 'check_not_found', { message: 'No check with this id.' })
 */
export class ApiError extends HTTPException {
  readonly code: string
  readonly type: ApiErrorType
  readonly retryable: boolean
  readonly param: string | undefined
  readonly details: ApiErrorDetail[] | undefined
  readonly headers: Record<string, string>

  constructor(status: ContentfulStatusCode, code: string, options: ApiErrorOptions) {
    super(status, { message: options.message, cause: options.cause })
    this.name = 'ApiError'
    this.code = code
    this.type = options.type ?? errorTypeOf(status)
    this.retryable = options.retryable ?? status >= 500
    this.param = options.param
    this.details = options.details
    this.headers = options.headers ?? {}
  }

  toBody(requestId: string): ApiErrorResponse {
    return {
      error: {
        type: this.type,
        code: this.code,
        message: this.message,
        retryable: this.retryable,
        request_id: requestId,
        ...(this.param === undefined ? {} : { param: this.param }),
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    }
  }
}
