import { createMiddleware } from 'hono/factory'
import { ApiError } from '../../api-error'
import type { GatewayEnv } from '../../gateway-env'

/** The shape of a check id (check-record.schema.json, `id`). */
export const checkIdPattern = /^chk_[0-9A-Za-z]{10,40}$/

/**
 * 400 `check_id_invalid` for an `{id}` that cannot be a check id, before any lookup: a typo is told apart
 * from a check that does not exist (404), and nothing is revealed either way.
 *
 * @example
 * app.get('/v1/checks/:id', checkIdParam(), getCheck(deps))
 */
export function checkIdParam() {
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const id = c.req.param('id') ?? ''
    if (!checkIdPattern.test(id)) {
      throw new ApiError(400, 'check_id_invalid', {
        message: 'A check id is `chk_` followed by 10 to 40 letters or digits.',
        param: 'id',
      })
    }
    await next()
  })
}
