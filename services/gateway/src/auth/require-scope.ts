import { createMiddleware } from 'hono/factory'
import { ApiError } from '../api-error'
import type { GatewayEnv } from '../gateway-env'

/**
 * Lets the request through only when its API key carries `scope` (set by `bearerAuth`); otherwise 403
 * `insufficient_scope` (type `permission_error`) naming the scope, with the RFC 6750 challenge. The key is
 * known and live by then: a 403 tells its holder nothing a 401 would not.
 *
 * @example
 * app.delete('/v1/checks/:id', requireScope('erase'), deleteCheck(deps))
 */
export function requireScope(scope: string, realm = 'receipt-verification') {
  return createMiddleware<GatewayEnv>(async (c, next) => {
    if (!c.get('scopes').includes(scope)) {
      throw new ApiError(403, 'insufficient_scope', {
        message: `This API key lacks the \`${scope}\` scope this operation needs.`,
        param: scope,
        headers: {
          'www-authenticate': `Bearer realm="${realm}", error="insufficient_scope", scope="${scope}"`,
        },
      })
    }
    await next()
  })
}
