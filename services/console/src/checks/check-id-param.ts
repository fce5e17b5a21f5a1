import { isCheckId } from '@rv/core/review'
import type { MiddlewareHandler } from 'hono'

/**
 * 400 for an `:id` that is not a check id's shape, before it reaches a query, a storage key or a log line
 * (the browser checks the same before it builds a path: web/check-link.ts).
 *
 * @example
 * app.use('/checks/:id/*', checkIdParam)
 */
export const checkIdParam: MiddlewareHandler = async (c, next) => {
  if (!isCheckId(c.req.param('id'))) return c.json({ error: 'not a check id' }, 400)
  await next()
}
