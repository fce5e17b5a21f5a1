import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { ApiError } from '../../api-error'
import type { GatewayEnv } from '../../gateway-env'

/**
 * Parses the multipart body once, up front, so a malformed body (bad framing, missing boundary) is a 400
 * `invalid_request` instead of an unhandled parser error (a 500). Hono caches the parsed form, so the
 * route's own `parseBody` reads the same result. Size-limit errors pass through untouched.
 *
 * @example
 * app.post('/v1/checks', multipartBody(), submitCheck(deps))
 */
export function multipartBody() {
  return createMiddleware<GatewayEnv>(async (c, next) => {
    try {
      await c.req.parseBody({ all: true })
    } catch (error) {
      if (error instanceof HTTPException) throw error
      throw new ApiError(400, 'invalid_request', {
        message: 'The body is not a well-formed multipart/form-data request.',
        cause: error,
      })
    }
    await next()
  })
}
