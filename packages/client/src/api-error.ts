import type { ApiErrorBody } from './types.js'

type ErrorFields = ApiErrorBody['error']

/**
 * A non-2xx answer of the API, carrying its stable `code` (README, Error codes) and whether the same
 * request may succeed later (`retryable`, which is the only thing the client's retries follow).
 *
 * @example
 * try { await rv.getCheck(id) } catch (err) {
 *   if (err instanceof RvApiError && err.code === 'check_not_found') ...
 * }
 */
export class RvApiError extends Error {
  override readonly name = 'RvApiError'
  readonly status: number
  readonly type: ErrorFields['type']
  readonly code: string
  readonly retryable: boolean
  readonly requestId: string
  readonly param: string | undefined
  readonly details: ErrorFields['details']
  /** Seconds from `Retry-After`, when the answer had one. */
  readonly retryAfterSeconds: number | undefined

  constructor(status: number, body: ApiErrorBody, retryAfterSeconds?: number) {
    super(`${status} ${body.error.code}: ${body.error.message}`)
    this.status = status
    this.type = body.error.type
    this.code = body.error.code
    this.retryable = body.error.retryable
    this.requestId = body.error.request_id
    this.param = body.error.param
    this.details = body.error.details
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** `waitForResult` ran out of time before the check finished; `lastStatus` is where it stood. */
export class RvTimeoutError extends Error {
  override readonly name = 'RvTimeoutError'
  constructor(
    readonly checkId: string,
    readonly lastStatus: string,
    waitedMs: number,
  ) {
    super(`check ${checkId} still ${lastStatus} after ${waitedMs} ms`)
  }
}

/** An answer that is not the API's JSON (a proxy's HTML error page, a cut connection's half body). */
export class RvProtocolError extends Error {
  override readonly name = 'RvProtocolError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}
