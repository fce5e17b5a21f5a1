import { toGetResponse } from '@rv/core'
import { withSettlement } from '@rv/core/settlement'
import { recordSignatureHeader } from '@rv/signing'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { refuseDeleted } from './deleted-check'

/**
 * GET /v1/checks/{id}: 200 with the current state of the tenant's check. Another tenant's id is answered
 * exactly like an unknown one, so ids reveal nothing across tenants; the tenant's own erased check is 410.
 * With signing configured the body's detached JWS travels in `RV-Record-Signature`.
 */
export function getCheck(deps: GatewayDeps) {
  return async (c: Context<GatewayEnv>) => {
    const id = c.req.param('id') ?? ''
    const record = /^chk_[0-9A-Za-z]{10,40}$/.test(id)
      ? await deps.checks.findRecord(c.get('tenant').id, id)
      : undefined
    if (!record) await refuseDeleted(deps, c.get('tenant').id, id)
    if (!record) {
      throw new ApiError(404, 'check_not_found', { message: 'No check with this id.', param: 'id' })
    }
    // A finished check's settlement (a credit joined, or the wait ran out) shows in its reasons and
    // recommendation; the stored record itself is written once and never changes.
    const settlement =
      record.status === 'done' ? await deps.settlements?.findSettlement(record.tenant_id, id) : null
    const body = toGetResponse(withSettlement(record, settlement?.settlement ?? undefined))
    // The signature covers exactly this body (its canonical JSON), settlement included, so it is made here
    // rather than stored with the record (docs/signed-records.md).
    const signature = deps.signing?.sign(body)
    if (signature) c.header(recordSignatureHeader, signature)
    return c.json(body, 200)
  }
}
