import type { CheckReviewedV1 } from '@rv/schemas'
import { withSignature } from '@rv/signing'
import { type CheckDecisionDocument, toReviewedEvent } from '@rv/store'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import { refuseDeleted } from '../checks/deleted-check'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'

/** A stored decision as the API and check.reviewed.v1 give it (one mapping: `toReviewedEvent`). */
export const toDecisionResource = (d: CheckDecisionDocument): CheckReviewedV1 => toReviewedEvent(d)

/**
 * GET /v1/checks/{id}/decisions: the people's decisions on the tenant's check (review console), oldest
 * first. Another tenant's id is answered like an unknown one, the tenant's erased one as 410; an undecided
 * check has an empty list. With signing configured each decision carries its `signature`, as its
 * check.reviewed.v1 does (docs/signed-records.md).
 */
export function listDecisions(deps: GatewayDeps) {
  return async (c: Context<GatewayEnv>) => {
    const id = c.req.param('id') ?? ''
    const tenantId = c.get('tenant').id
    const record = await deps.checks.findRecord(tenantId, id)
    if (!record) await refuseDeleted(deps, tenantId, id)
    if (!record || !deps.decisions) {
      throw new ApiError(404, 'check_not_found', { message: 'No check with this id.', param: 'id' })
    }
    const decisions = await deps.decisions.list(tenantId, id)
    const signing = deps.signing ?? { sign: () => undefined }
    const data = decisions.map((d) => withSignature(signing, toDecisionResource(d)))
    return c.json({ check_id: id, data }, 200)
  }
}
