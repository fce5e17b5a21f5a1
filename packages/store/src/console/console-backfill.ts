import type { ConsoleUserRepository } from './console-user-repository'
import type { ReviewQueueRepository } from './review-queue-repository'

export interface ConsoleBackfillReport {
  tenants: number
  /** Queue entries given `waiting_in` (queued before it existed): now counted by the queue gauges. */
  waitingIn: number
  /** Sessions without `expires_hour` (opened before the purge): expired ones deleted, live ones bucketed. */
  sessions: number
}

/**
 * Brings rows written before the console's later fields up to date; idempotent (a second run sets
 * nothing), batched, and indexed: per tenant it reads each queue's lane, so it costs what waits, never
 * what is stored. Run at console start and by `npm run admin -- console backfill` (docs/console.md).
 *
 * Decisions stored before the outbox lack `published`: they need nothing — they were published and
 * settled synchronously then, and the outbox reads `published: false` only, so it never touches them.
 *
 * @example
 * const report = await backfillConsole({ tenants: store.tenants, reviewQueue: store.reviewQueue })
 */
export async function backfillConsole(
  store: {
    tenants: { listTenants(): Promise<{ _id: string }[]> }
    reviewQueue: Pick<ReviewQueueRepository, 'backfillWaitingIn'>
    consoleUsers?: Pick<ConsoleUserRepository, 'backfillSessionExpiry'>
  },
  batch = 500,
  now = new Date(),
): Promise<ConsoleBackfillReport> {
  const report: ConsoleBackfillReport = { tenants: 0, waitingIn: 0, sessions: 0 }
  for (const tenant of await store.tenants.listTenants()) {
    report.tenants++
    report.waitingIn += await store.reviewQueue.backfillWaitingIn(tenant._id, batch)
    if (store.consoleUsers) report.sessions += await store.consoleUsers.backfillSessionExpiry(tenant._id, now)
  }
  return report
}
