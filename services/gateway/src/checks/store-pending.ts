/**
 * The one write of a submission. A publish not acknowledged yet leaves the flag down, raised once both
 * the publish and this insert landed; a failed one leaves it to the sweeper. An insert that fails after an
 * acknowledged publish does not fail the request: the check is durable on the bus and runs, and the
 * aggregator's final write stores it, so it is answered 202 like any accepted check (answered 'unstored':
 * no `Prefer: wait` on a store that just failed) and the idempotency key stays bound to it. An insert that
 * fails before the publish landed is a 5xx and releases the key.
 */
import type { Logger } from '@rv/logger'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import type { PublishOutcome } from '../contract/bus-breaker/bus-breaker'
import type { GatewayDeps } from '../gateway-deps'

export interface PendingWrite {
  record: CheckRecord
  submission: CheckSubmittedV1
  /** The publish's outcome within the bounded wait, and the publish itself (it may land later). */
  outcome: PublishOutcome
  publishing: Promise<void>
  /** The request's idempotency key, released when the request fails. */
  key: string | null
}

export async function storePending(
  deps: Pick<GatewayDeps, 'checks' | 'idempotency'>,
  write: PendingWrite,
  log: Logger,
): Promise<'stored' | 'unstored'> {
  const { record, outcome } = write
  const published = outcome === 'published'
  const inserted = deps.checks.insertPending(
    record,
    write.submission as unknown as Record<string, unknown>,
    published,
  )
  if (!published) {
    if (outcome === 'pending')
      log.warn('check.submitted.v1 not yet acknowledged; answering', { check_id: record.id })
    Promise.all([write.publishing, inserted])
      .then(() => deps.checks.markPublished(record.id))
      .catch((error: unknown) =>
        log.warn('check.submitted.v1 not published or not flagged; left to the sweeper', {
          check_id: record.id,
          err: error,
        }),
      )
  }
  try {
    await inserted
    return 'stored'
  } catch (error) {
    if (published) {
      log.error('check published but its pending record not stored; the aggregator stores it', {
        check_id: record.id,
        err: error,
      })
      return 'unstored'
    }
    if (write.key !== null) await deps.idempotency.release(record.tenant_id, write.key, record.id)
    throw error
  }
}
