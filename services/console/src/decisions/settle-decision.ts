/**
 * A decision's side effects, done from the stored decision alone so the sweeper can finish them after a
 * process died between the insert and them (reviewed-outbox.ts): the queue entry closed (or moved to the
 * leads' lane), the deciding analyst's lease ended on an escalation, the audit entry, and what a final
 * decision teaches. Each is keyed so a repeat is harmless: the queue entry moves only forward in `seq` (a
 * later decision of the check wins), the audit entry's `_id` is the decision's, a taught sample and a
 * forgery case are keyed by the check.
 */
import { bankOf } from '@rv/core/authenticity'
import type {
  CheckDecisionDocument,
  CheckRepository,
  ConsoleAuditRepository,
  ForgerySetRepository,
  ReviewQueueRepository,
  ReviewRepository,
} from '@rv/store'

export interface SettleDeps {
  queue: Pick<ReviewQueueRepository, 'close' | 'find' | 'release'>
  audit: Pick<ConsoleAuditRepository, 'record'>
  checks: Pick<CheckRepository, 'findDocument'>
  reviews: Pick<ReviewRepository, 'accept'>
  forgerySet: Pick<ForgerySetRepository, 'add'>
}

/** The audit entry of a decision is keyed by it: written once however often the decision is settled. */
export const decisionAuditKey = (decision: Pick<CheckDecisionDocument, '_id'>) => `decision:${decision._id}`

/** Does every side effect of the stored decision; returns whether it taught something. Idempotent. */
export async function settleDecision(
  deps: SettleDeps,
  decision: CheckDecisionDocument,
  now: Date,
): Promise<{ learned: boolean }> {
  const escalated = decision.decision === 'escalate'
  await deps.queue.close(
    decision.check_id,
    decision.tenant_id,
    escalated ? 'escalated' : 'decided',
    decision.seq,
  )
  if (escalated) {
    // An escalated check is the leads' now: the analyst's lease must not keep them out (a no-op once free).
    const entry = await deps.queue.find(decision.tenant_id, decision.check_id)
    if (entry) await deps.queue.release(entry, decision.decided_by, now)
  }
  await deps.audit.record(
    {
      tenantId: decision.tenant_id,
      email: decision.decided_by,
      action: escalated ? 'escalate' : 'decide',
      checkId: decision.check_id,
      detail: `${decision.decision}${decision.reason_code ? ` ${decision.reason_code}` : ''}`,
      key: decisionAuditKey(decision),
    },
    decision.decided_at,
  )
  return { learned: await teach(deps, decision, now) }
}

/**
 * What a final decision teaches: a confirmed-genuine receipt of a recognised family becomes a labelled sample
 * of it (review_decisions, what `fingerprint learn --from-accepted` reads); a confirmed forgery joins the
 * tenant's forgery regression set. Both keep the file's reference, never a copy, and are keyed by the check.
 */
async function teach(deps: SettleDeps, decision: CheckDecisionDocument, now: Date): Promise<boolean> {
  if (decision.decision === 'escalate') return false
  const doc = await deps.checks.findDocument(decision.check_id)
  const file = (doc?.submission as { file?: { bucket?: string; key?: string; sha256?: string } } | undefined)
    ?.file
  if (!doc || !file?.bucket || !file.key || !file.sha256) return false
  const family = doc.record.document.family ?? null
  const ref = { bucket: file.bucket, key: file.key, sha256: file.sha256 }
  if (decision.decision === 'forged') {
    await deps.forgerySet.add({
      _id: decision.check_id,
      tenant_id: decision.tenant_id,
      family,
      verdict_was: doc.record.document.verdict,
      reason_code: decision.reason_code,
      decided_by: decision.decided_by,
      file: ref,
      added_at: now,
    })
    return true
  }
  if (!family || family === 'unknown') return false
  await deps.reviews.accept(
    {
      _id: decision.check_id,
      tenant_id: decision.tenant_id,
      family,
      bank: bankOf(family),
      note:
        decision.note ??
        `console: ${decision.decided_by}${decision.reason_code ? ` ${decision.reason_code}` : ''}`,
      file: ref,
    },
    now,
  )
  return true
}
