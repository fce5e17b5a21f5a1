import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'

/**
 * Throws 410 `check_deleted` when the tenant's check was erased: every route reading a check or what hangs
 * off it (record, settlement, decisions) answers an erased check the same way.
 */
export async function refuseDeleted(deps: GatewayDeps, tenantId: string, checkId: string): Promise<void> {
  if (await deps.tombstones?.isDeleted(tenantId, checkId))
    throw new ApiError(410, 'check_deleted', { message: 'The check was deleted.', param: 'id' })
}
