import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiError } from '../api-error'
import { storeError } from '../contract/store-errors/store-errors'
import type { GatewayEnv } from '../gateway-env'

function render(c: Context<GatewayEnv>, error: ApiError): Response {
  const requestId = c.get('requestId') ?? 'unknown'
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  c.header('request-id', requestId)
  return c.json(error.toBody(requestId), error.status)
}

/**
 * Renders every failure with the one api-error body. An unexpected error becomes a 500 `internal_error`
 * whose details stay in the log, never in the response.
 *
 * @example
 * app.onError(errorHandler())
 */
export function errorHandler(): ErrorHandler<GatewayEnv> {
  return (err, c) => {
    if (err instanceof ApiError) return render(c, err)
    if (err instanceof HTTPException) {
      // Hono's own middleware (body limit, ...) throws plain HTTPExceptions.
      const code = err.status === 413 ? 'file_too_large' : 'invalid_request'
      return render(c, new ApiError(err.status, code, { message: err.message || 'Invalid request.' }))
    }
    const mapped = storeError(err)
    if (mapped) {
      c.get('logger')?.warn('record store failure', { err })
      return render(c, mapped)
    }
    c.get('logger')?.error('unhandled error', { err })
    return render(
      c,
      new ApiError(500, 'internal_error', { message: 'Unexpected internal error.', retryable: true }),
    )
  }
}

export function notFoundHandler(): NotFoundHandler<GatewayEnv> {
  return (c) =>
    render(c, new ApiError(404, 'route_not_found', { message: `No route ${c.req.method} ${c.req.path}.` }))
}
