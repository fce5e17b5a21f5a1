import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'

/**
 * DELETE /v1/checks/{id}: erases the tenant's finished check everywhere (record, stage results, replay
 * keys, file; docs/data-retention.md) and answers 204. Another tenant's id is answered like an unknown one
 * (404). A check still running is refused (409, retryable): a stage result arriving after the erasure
 * would bring its record back.
 */
export function deleteCheck(deps: Required<Pick<GatewayDeps, 'eraseCheck'>> & Pick<GatewayDeps, 'checks'>) {
  return async (c: Context<GatewayEnv>) => {
    const tenantId = c.get('tenant').id
    const id = c.req.param('id') ?? ''
    const record = await deps.checks.findRecord(tenantId, id)
    if (!record)
      throw new ApiError(404, 'check_not_found', { message: 'No check with this id.', param: 'id' })
    if (record.status !== 'done' && record.status !== 'failed') {
      throw new ApiError(409, 'check_in_progress', {
        message: 'The check is still running; delete it once it has finished.',
        type: 'invalid_request_error',
        retryable: true,
        param: 'id',
      })
    }
    // Gone between the read and the erase (a concurrent DELETE): the outcome the client asked for.
    await deps.eraseCheck(tenantId, id)
    c.get('logger').info('check erased', { check_id: id })
    return c.body(null, 204)
  }
}
