import type { CheckRecord } from '@rv/schemas'
import { emptyCost, emptyDocument, emptyFields, emptyMatch, emptyReplay } from '../../vocabulary/empty-blocks'
import type { SubmissionInfo } from './aggregate-event'

/**
 * The record as the gateway first stores it: status `pending`, every block empty.
 *
 * @example
 * pendingRecord({ checkId, tenantId, createdAt, orderRef: null, profile: { name: 'default', version: 1 }, mode: 'pdf' })
 */
export function pendingRecord(submission: SubmissionInfo): CheckRecord {
  return {
    id: submission.checkId,
    status: 'pending',
    created_at: submission.createdAt,
    tenant_id: submission.tenantId,
    order_ref: submission.orderRef,
    profile: submission.profile.name,
    profile_version: submission.profile.version,
    mode: submission.mode,
    document: emptyDocument(),
    fields: emptyFields(),
    match: emptyMatch(),
    replay: emptyReplay(),
    recommendation: null,
    reasons: [],
    error: null,
    cost: emptyCost(),
  }
}
