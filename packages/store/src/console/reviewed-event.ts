import type { CheckReviewedV1 } from '@rv/schemas'
import type { CheckDecisionDocument } from './check-decision-repository'

/**
 * A stored decision as check.reviewed.v1 (and `GET /v1/checks/{id}/decisions`) gives it: built from the
 * stored document alone, so the relay, the sweeper and the API send the same bytes for the same decision.
 * Its dedupe key is `check_id` + `seq` (the decision's `_id`, `decisionId`).
 */
export function toReviewedEvent(d: CheckDecisionDocument): CheckReviewedV1 {
  return {
    check_id: d.check_id,
    tenant_id: d.tenant_id,
    seq: d.seq,
    decision: d.decision,
    reason_code: d.reason_code,
    note: d.note,
    decided_by: d.decided_by,
    role: d.role,
    record_sha256: d.record_sha256,
    recommendation_was: d.recommendation_was as CheckReviewedV1['recommendation_was'],
    decided_at: d.decided_at.toISOString(),
  }
}
