/**
 * One pass of the retention job, in order, each step's report logged when it did something; the steps are
 * wired in main.ts (packages/retention does the work). A failing step ends the pass (the next hourly pass
 * resumes it: cursors move only after an hour is erased) and makes the exit code 1; the store is closed
 * either way.
 */

/** What a bounded migration step reports: how many checks it did, and whether it is done. */
export interface BoundedReport {
  checks: number
  complete: boolean
}

export interface RetentionPassSteps {
  ensureIndexes: () => Promise<void>
  /** Checks stored before `created_hour` existed get it first, so this pass already sweeps them. */
  backfillCreatedHours: () => Promise<BoundedReport>
  /** Console data of checks erased before the console joined the erasure. */
  eraseConsoleOfTombstoned: () => Promise<BoundedReport>
  /** The same for settlement, which joined the erasure later still (its own marker). */
  eraseSettlementOfTombstoned: () => Promise<BoundedReport>
  /** Every tenant's checks wholly past its retention, erased everywhere their data lives. */
  sweepRetention: () => Promise<object>
  /** Deliveries of dead consumers and rate windows of dead gateways. */
  sweepExpired: () => Promise<object>
  close: () => Promise<void>
}

export interface PassLogger {
  info: (message: string, fields?: Record<string, unknown>) => void
  error: (message: string, fields?: Record<string, unknown>) => void
}

const didWork = (report: BoundedReport) => report.checks > 0 || !report.complete

/** Runs the pass; resolves to the process's exit code. */
export async function runRetentionPass(steps: RetentionPassSteps, logger: PassLogger): Promise<number> {
  try {
    await steps.ensureIndexes()
    const bounded: Array<[() => Promise<BoundedReport>, string]> = [
      [steps.backfillCreatedHours, 'created_hour backfilled'],
      [steps.eraseConsoleOfTombstoned, 'console data of erased checks erased'],
      [steps.eraseSettlementOfTombstoned, 'settlement data of erased checks erased'],
    ]
    for (const [step, message] of bounded) {
      const report = await step()
      if (didWork(report)) logger.info(message, { ...report })
    }
    logger.info('retention swept', { ...(await steps.sweepRetention()) })
    logger.info('expired documents deleted', { ...(await steps.sweepExpired()) })
    return 0
  } catch (err) {
    logger.error('retention sweep failed', { err })
    return 1
  } finally {
    await steps.close()
  }
}
