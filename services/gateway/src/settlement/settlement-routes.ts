import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from '../api-error'
import { checkIdParam } from '../contract/check-id/check-id'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { getSettlement } from './get-settlement'
import { postCredits } from './post-credits'
import { maxStatementBytes, postStatement } from './post-statement'

const tooLarge = () => {
  throw new ApiError(413, 'batch_too_large', { message: `The body exceeds ${maxStatementBytes} bytes.` })
}

/**
 * The settlement routes (docs/settlement.md): credits in, and each check's settlement out. Mounted under
 * the same authentication, rate limit and `Accept` checks as the check routes.
 *
 * @example
 * app.route('/', settlementRoutes(deps))
 */
export function settlementRoutes(deps: GatewayDeps) {
  const routes = new Hono<GatewayEnv>()
  routes.post('/v1/credits', bodyLimit({ maxSize: maxStatementBytes, onError: tooLarge }), postCredits(deps))
  routes.post(
    '/v1/credits/statements',
    bodyLimit({ maxSize: maxStatementBytes, onError: tooLarge }),
    postStatement(deps),
  )
  routes.get('/v1/checks/:id/settlement', checkIdParam(), getSettlement(deps))
  return routes
}
