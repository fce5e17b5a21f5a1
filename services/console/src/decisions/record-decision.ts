import { createHash } from 'node:crypto'
import { canonicalJson, type DecisionKind, decisionProblem } from '@rv/core'
import type { CheckReviewedV1 } from '@rv/schemas'
import { type ConsoleSession, toReviewedEvent } from '@rv/store'
import type { ConsoleDeps } from '../console-deps'
import { relayDecision } from './reviewed-outbox'
import { settleDecision } from './settle-decision'

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
 * judged, unpublished (the outbox). Then its side effects (settle-decision.ts: genuine and forged close the
 * review, escalate moves the check to the leads' lane; the audit entry; what it teaches), then its
 * check.reviewed.v1 and the flag; whatever of that fails is finished by the sweeper (reviewed-outbox.ts).
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
  deps.metrics?.decided(stored, (now.getTime() - entry.completed_at.getTime()) / 1000)
  const event = toReviewedEvent(stored)
  // The outbox: stored unpublished above; its side effects done, its event published and the flag raised
  // here — or, when any of that fails or the process dies, by the sweeper from the stored decision.
  const settled = await settleDecision(deps, stored, now).catch(() => undefined)
  if (!settled) return { ok: true, event, published: false, learned: false }
  const published = await relayDecision(deps, stored)
  return { ok: true, event, published, learned: settled.learned }
}
