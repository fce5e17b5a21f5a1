import { createMiddleware } from 'hono/factory'
import { ApiError } from '../../api-error'
import type { GatewayEnv } from '../../gateway-env'

/** Whether an `Accept` header admits application/json (absent, `*\/*`, `application/*`, or listed with q > 0). */
export function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q !== undefined && Number(q.slice(2)) === 0) return false
    return type === '*/*' || type === 'application/*' || type === 'application/json' || type.endsWith('+json')
  })
}

/**
 * 406 `not_acceptable` when the client's `Accept` excludes JSON, the only representation (and the only
 * error body). Checked before any work, so a refused request costs nothing.
 *
 * @example
 * app.use('/v1/*', acceptJson())
 */
export function acceptJson() {
  return createMiddleware<GatewayEnv>(async (c, next) => {
    if (!acceptsJson(c.req.header('accept'))) {
      throw new ApiError(406, 'not_acceptable', { message: 'The only representation is application/json.' })
    }
    await next()
  })
}
