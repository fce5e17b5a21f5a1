import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'

/** GET /v1/checks/{id}/settlement: the check's settlement; another tenant's check reads as unknown. */
export function getSettlement(deps: GatewayDeps) {
  return async (c: Context<GatewayEnv>) => {
    const doc = await deps.settlements?.findSettlement(c.get('tenant').id, c.req.param('id') ?? '')
    if (!doc?.settlement)
      throw new ApiError(404, 'settlement_not_found', {
        message: 'No settlement for this check.',
        param: 'id',
      })
    return c.json(doc.settlement, 200)
  }
}
