/**
 * The outbox of a decision, the gateway's pending-record pattern: a decision is stored with
 * `published: false`; its side effects are done (settle-decision.ts), the relay publishes its
 * check.reviewed.v1 and raises the flag; the sweeper finishes what a failure or a process that died left —
 * side effects first, then the event. Both are built from the stored decision alone (`toReviewedEvent`), so
 * a repeat sends the same event and writes nothing twice; consumers dedupe by `check_id` + `seq`.
 */
import type { Logger } from '@rv/logger'
import type { CheckReviewedV1 } from '@rv/schemas'
import { type CheckDecisionDocument, type CheckDecisionRepository, toReviewedEvent } from '@rv/store'
import { type SettleDeps, settleDecision } from './settle-decision'

export interface ReviewedOutboxDeps {
  decisions: Pick<CheckDecisionRepository, 'markPublished' | 'findUnpublished'>
  publishReviewed: (event: CheckReviewedV1) => Promise<void>
}

/**
 * The relay: publishes one stored decision and raises its flag. False when the publish failed (the decision
 * stays unpublished for the sweeper); a flag that failed to rise after a publish only means one more
 * publish later, so it is reported published.
 */
export async function relayDecision(
  deps: ReviewedOutboxDeps,
  decision: CheckDecisionDocument,
): Promise<boolean> {
  try {
    await deps.publishReviewed(toReviewedEvent(decision))
  } catch {
    return false
  }
  await deps.decisions.markPublished(decision._id).catch(() => undefined)
  return true
}

export interface DecisionSweeperDeps extends ReviewedOutboxDeps, SettleDeps {
  logger: Pick<Logger, 'info' | 'warn'>
  now: () => Date
  /** Only decisions older than this: younger ones may still be in their relay's hands. */
  republishAfterMs: number
  /** At most this many per sweep: a backlog after an outage drains over several sweeps. */
  batch: number
}

/**
 * One sweep: finishes up to `batch` decisions left unpublished — their side effects, then their event —
 * and stops at the first failure (the store or the bus is most likely down: the rest waits for the next
 * sweep rather than each timing out now).
 */
export async function sweepDecisionsOnce(deps: DecisionSweeperDeps): Promise<{ republished: number }> {
  const olderThan = new Date(deps.now().getTime() - deps.republishAfterMs)
  let republished = 0
  for (const decision of await deps.decisions.findUnpublished(olderThan, deps.batch)) {
    await settleDecision(deps, decision, deps.now())
    await deps.publishReviewed(toReviewedEvent(decision))
    await deps.decisions.markPublished(decision._id)
    republished++
  }
  if (republished > 0) deps.logger.info('check.reviewed.v1 republished', { republished })
  return { republished }
}

/**
 * Runs `sweepDecisionsOnce` every `intervalMs` until stopped; a failed sweep is logged and retried next tick,
 * and a tick that finds the previous sweep still running is skipped (as the aggregator's sweeper does).
 */
export function startDecisionSweeper(
  deps: DecisionSweeperDeps,
  intervalMs: number,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    if (running) return
    running = sweepDecisionsOnce(deps)
      .catch((err: unknown) => deps.logger.warn('decision sweep failed', { err }))
      .finally(() => {
        running = undefined
      })
  }, intervalMs)
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
