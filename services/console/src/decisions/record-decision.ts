import { createHash } from 'node:crypto'
import { canonicalJson, type DecisionKind, decisionProblem } from '@rv/core'
import { bankOf } from '@rv/core/authenticity/assess'
import type { CheckReviewedV1 } from '@rv/schemas'
import { type ConsoleSession, toReviewedEvent } from '@rv/store'
import type { ConsoleDeps } from '../console-deps'
import { relayDecision } from './reviewed-outbox'

export interface DecisionInput {
  decision: DecisionKind
  reason_code: string | null
  note: string | null
}

export type DecisionOutcome =
  | { ok: true; event: CheckReviewedV1; published: boolean; learned: boolean }
  | { ok: false; status: 400 | 404 | 409; error: string }

export const recordDigest = (record: unknown) =>
  createHash('sha256').update(canonicalJson(record)).digest('hex')

/**
 * One decision: the check must be the caller's tenant's and in a queue, and held by the caller (claimed
 * now if nobody holds it). The decision is appended (never edited) with the digest of the record it
 * judged, unpublished (the outbox); genuine and forged close the review, escalate moves the check to the
 * leads' lane. Then it is published on check.reviewed.v1 and flagged published (a failed publish is left to
 * the sweeper, reviewed-outbox.ts), and a genuine one of a recognised family joins the analysts' accepted
 * checks that `fingerprint learn --from-accepted` learns from.
 */
export async function recordDecision(
  deps: ConsoleDeps,
  session: ConsoleSession,
  checkId: string,
  input: DecisionInput,
): Promise<DecisionOutcome> {
  const now = deps.now?.() ?? new Date()
  const problem = decisionProblem(input.decision, input.reason_code)
  if (problem) return { ok: false, status: 400, error: problem }
  const record = await deps.checks.findRecord(session.tenant_id, checkId)
  const entry = await deps.queue.find(session.tenant_id, checkId)
  if (!record || !entry) return { ok: false, status: 404, error: 'no such check in your queues' }
  if (entry.lane.endsWith(':decided')) return { ok: false, status: 409, error: 'already decided' }
  if (entry.lane.endsWith(':escalated') && session.role !== 'lead')
    return { ok: false, status: 409, error: 'escalated: a lead decides it' }
  const claim = await deps.queue.claim(entry, session.email, deps.settings.leaseMs, now)
  if (!claim.claimed) return { ok: false, status: 409, error: `held by ${claim.heldBy}` }

  const stored = await deps.decisions.append(
    {
      check_id: checkId,
      tenant_id: session.tenant_id,
      decision: input.decision,
      reason_code: input.reason_code,
      note: input.note,
      decided_by: session.email,
      role: session.role,
      record_sha256: recordDigest(record),
      recommendation_was: record.recommendation,
      family: record.document.family,
      verdict_was: record.document.verdict,
      failed_checks: record.document.checks.filter((c) => !c.passed).map((c) => c.name),
      completed_at: entry.completed_at,
    },
    now,
  )
  if (!stored) return { ok: false, status: 409, error: 'another decision landed first; reload' }
  await deps.queue.close(checkId, session.tenant_id, input.decision === 'escalate' ? 'escalated' : 'decided')
  // An escalated check is the leads' now: the analyst's lease must not keep them out.
  if (input.decision === 'escalate') await deps.queue.release(entry, session.email, now)
  await deps.audit.record(
    {
      tenantId: session.tenant_id,
      email: session.email,
      action: input.decision === 'escalate' ? 'escalate' : 'decide',
      checkId,
      detail: `${input.decision}${input.reason_code ? ` ${input.reason_code}` : ''}`,
    },
    now,
  )
  const event = toReviewedEvent(stored)
  deps.metrics?.decided(stored, (now.getTime() - entry.completed_at.getTime()) / 1000)
  // The outbox: stored unpublished above, published and flagged here, or later by the sweeper.
  const published = await relayDecision(deps, stored)
  return { ok: true, event, published, learned: await teach(deps, session, checkId, input) }
}

/**
 * What a final decision teaches: a confirmed-genuine receipt of a recognised family becomes a labelled sample
 * of it (review_decisions, what `fingerprint learn --from-accepted` reads); a confirmed forgery joins the
 * tenant's forgery regression set. Both keep the file's reference, never a copy.
 */
async function teach(
  deps: ConsoleDeps,
  session: ConsoleSession,
  checkId: string,
  input: DecisionInput,
): Promise<boolean> {
  if (input.decision === 'escalate') return false
  const doc = await deps.checks.findDocument(checkId)
  const family = doc?.record.document.family ?? null
  const file = (doc?.submission as { file?: { bucket?: string; key?: string; sha256?: string } } | undefined)
    ?.file
  if (!doc || !file?.bucket || !file.key || !file.sha256) return false
  const ref = { bucket: file.bucket, key: file.key, sha256: file.sha256 }
  if (input.decision === 'forged') {
    await deps.forgerySet.add({
      _id: checkId,
      tenant_id: session.tenant_id,
      family,
      verdict_was: doc.record.document.verdict,
      reason_code: input.reason_code,
      decided_by: session.email,
      file: ref,
      added_at: deps.now?.() ?? new Date(),
    })
    return true
  }
  if (!family || family === 'unknown') return false
  await deps.reviews.accept({
    _id: checkId,
    tenant_id: session.tenant_id,
    family,
    bank: bankOf(family),
    note: input.note ?? `console: ${session.email}${input.reason_code ? ` ${input.reason_code}` : ''}`,
    file: ref,
  })
  return true
}
