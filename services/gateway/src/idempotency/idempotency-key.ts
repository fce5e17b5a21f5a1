import { createMiddleware } from 'hono/factory'
import { ApiError } from '../api-error'
import type { GatewayEnv } from '../gateway-env'

export interface IdempotencyKeyOptions {
  header?: string
  maxLength?: number
}

/**
 * Reads the optional `idempotency-key` header (absent, empty or `null` mean none) and rejects keys that are
 * too long or not printable ASCII. The claim itself happens in the submit route, once the request's
 * fingerprint is known.
 *
 * @example
 * app.post('/v1/checks', idempotencyKey(), submit)
 */
export function idempotencyKey(options: IdempotencyKeyOptions = {}) {
  const header = options.header ?? 'idempotency-key'
  const maxLength = options.maxLength ?? 255
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const raw = c.req.header(header)?.trim()
    const key = raw === undefined || raw === '' || raw === 'null' ? null : raw
    if (key !== null && (key.length > maxLength || !/^[\x21-\x7e]+$/.test(key))) {
      throw new ApiError(400, 'idempotency_key_invalid', {
        message: `The idempotency key must be 1 to ${maxLength} printable ASCII characters.`,
        param: header,
      })
    }
    c.set('idempotencyKey', key)
    await next()
  })
}
