import { ApiError } from '../../api-error'

/** Driver errors that mean "the record store cannot be reached" (by name: the gateway has no mongodb import). */
const unavailable = new Set([
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoNetworkError',
  'PoolClosedError',
  'MongoPoolClearedError',
])
/**
 * Socket failures the driver can let through unwrapped (a write on a connection the server reset). Every
 * other network dependency's errors are caught where they are called (S3 -> storage_unavailable, the bus
 * -> the outbox), so what reaches the error handler with one of these codes came from the store.
 */
const socketCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
/** Driver errors that mean "the store did not answer in time". */
const timedOut = new Set([
  'MongoNetworkTimeoutError',
  'MongoOperationTimeoutError',
  'MongoWaitQueueTimeoutError',
])

function chain(error: unknown): Error[] {
  const out: Error[] = []
  let e: unknown = error
  while (e instanceof Error && out.length < 5) {
    out.push(e)
    e = e.cause
  }
  return out
}

/**
 * The documented answer for a store failure: 504 `store_timeout` or 503 `store_unavailable` (both
 * retryable, 503 with `Retry-After`), or undefined for anything else (which stays a 500).
 *
 * @example
 * const mapped = storeError(err); if (mapped) return render(c, mapped)
 */
export function storeError(error: unknown): ApiError | undefined {
  const names = chain(error).map((e) => e.name)
  if (names.some((n) => timedOut.has(n))) {
    return new ApiError(504, 'store_timeout', {
      message: 'The record store did not answer in time; retry.',
      retryable: true,
      cause: error,
    })
  }
  const codes = chain(error).map((e) => (e as { code?: unknown }).code)
  if (
    names.some((n) => unavailable.has(n)) ||
    codes.some((c) => typeof c === 'string' && socketCodes.has(c))
  ) {
    return new ApiError(503, 'store_unavailable', {
      message: 'The record store is unavailable; retry.',
      retryable: true,
      headers: { 'retry-after': '1' },
      cause: error,
    })
  }
  return undefined
}
