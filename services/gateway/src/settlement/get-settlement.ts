import type { Context } from 'hono'
import { ApiError } from '../api-error'
import { refuseDeleted } from '../checks/deleted-check'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'

/**
 * GET /v1/checks/{id}/settlement: the check's settlement; another tenant's check reads as unknown, the
 * tenant's erased one as 410 `check_deleted`.
 */
export function getSettlement(deps: GatewayDeps) {
  return async (c: Context<GatewayEnv>) => {
    const [tenantId, id] = [c.get('tenant').id, c.req.param('id') ?? '']
    const doc = await deps.settlements?.findSettlement(tenantId, id)
    if (!doc) await refuseDeleted(deps, tenantId, id)
    if (!doc?.settlement)
      throw new ApiError(404, 'settlement_not_found', {
        message: 'No settlement for this check.',
        param: 'id',
      })
    return c.json(doc.settlement, 200)
  }
}
