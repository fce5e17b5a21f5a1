/**
 * The aggregator's periodic repairs, each a query plus the same code paths as live traffic:
 * - submissions whose publish never completed (outbox flag `published: false`) are published again;
 * - checks still running past the deadline are failed with `stage_timeout`;
 * - terminal records whose check.completed.v1 may not have gone out are published again;
 * - idempotency records past retention are purged in batches (FerretDB v1 has no TTL indexes; the gateway
 *   already treats them as absent, this only frees the space).
 */
import type { Logger } from '@rv/logger'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import type { CheckRepository, IdempotencyRepository } from '@rv/store'
import type { createAggregatorHandler } from './handler'

export interface SweeperDeps {
  checks: Pick<
    CheckRepository,
    'findUnpublished' | 'findStuck' | 'findCompletedUnpublished' | 'markPublished' | 'markCompletedPublished'
  >
  handler: Pick<ReturnType<typeof createAggregatorHandler>, 'settle'>
  publishSubmitted: (submission: CheckSubmittedV1) => Promise<void>
  publishCompleted: (record: CheckRecord) => Promise<void>
  logger: Logger
  now: () => Date
  republishAfterMs: number
  deadlineMs: number
  /** Purges expired idempotency records (retention is the repository's); absent: not this sweeper's job. */
  idempotency?: Pick<IdempotencyRepository, 'purgeExpired'>
  idempotencyPurgeBatch?: number
}

export interface SweepReport {
  republished: number
  timedOut: number
  completedRepublished: number
  idempotencyPurged: number
}

export async function sweepOnce(deps: SweeperDeps): Promise<SweepReport> {
  const now = deps.now().getTime()
  const report: SweepReport = { republished: 0, timedOut: 0, completedRepublished: 0, idempotencyPurged: 0 }

  for (const doc of await deps.checks.findUnpublished(new Date(now - deps.republishAfterMs))) {
    await deps.publishSubmitted(doc.submission as unknown as CheckSubmittedV1)
    await deps.checks.markPublished(doc._id)
    report.republished++
  }
  for (const doc of await deps.checks.findStuck(new Date(now - deps.deadlineMs))) {
    const commands = await deps.handler.settle(doc, [{ type: 'deadline_passed' }])
    if (commands.some((c) => c.type === 'publish_completed')) report.timedOut++
  }
  for (const doc of await deps.checks.findCompletedUnpublished(new Date(now - deps.republishAfterMs))) {
    await deps.publishCompleted(doc.record)
    await deps.checks.markCompletedPublished(doc._id)
    report.completedRepublished++
  }
  if (deps.idempotency)
    report.idempotencyPurged = await deps.idempotency.purgeExpired(new Date(now), deps.idempotencyPurgeBatch)
  if (report.republished + report.timedOut + report.completedRepublished + report.idempotencyPurged > 0)
    deps.logger.info('swept', { ...report })
  return report
}

/**
 * Runs `sweepOnce` every `intervalMs` until stopped; a failed sweep is logged and retried next tick. A tick
 * that finds the previous sweep still running is skipped: overlapping sweeps would repeat each other's
 * queries (the idempotency purge's first look back is hundreds of them) and feed a store already slow.
 */
export function startSweeper(deps: SweeperDeps, intervalMs: number): { stop: () => Promise<void> } {
  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    if (running) return
    running = sweepOnce(deps)
      .catch((err) => deps.logger.warn('sweep failed', { err }))
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
