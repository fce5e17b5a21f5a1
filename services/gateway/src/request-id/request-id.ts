import type { Logger } from '@rv/logger'
import { createMiddleware } from 'hono/factory'
import type { GatewayEnv } from '../gateway-env'
import { newRequestId } from '../ulid'

export interface RequestIdOptions {
  /** Header read from the client and echoed on the response. */
  header?: string
  generate?: () => string
  logger: Logger
}

// Accept a caller's id only when it is short and plain, so it can go into logs and headers safely.
const acceptable = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Gives every request an id (the client's `request-id` when sane, else a new `req_…`), sets it on the
 * response, binds it to the request's logger and writes one access-log line per request.
 *
 * @example
 * app.use(requestId({ logger }))
 */
export function requestId(options: RequestIdOptions) {
  const header = options.header ?? 'request-id'
  const generate = options.generate ?? (() => newRequestId())
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const incoming = c.req.header(header)
    const id = incoming && acceptable.test(incoming) ? incoming : generate()
    c.set('requestId', id)
    c.set('logger', options.logger.child({ request_id: id }))
    c.header(header, id)
    const started = performance.now()
    await next()
    // Method, route and status only: never bodies, which carry receipts and personal data.
    c.get('logger').info('request', {
      method: c.req.method,
      path: c.req.routePath,
      status: c.res.status,
      duration_ms: Math.round(performance.now() - started),
    })
  })
}
