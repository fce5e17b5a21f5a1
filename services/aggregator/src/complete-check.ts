/**
 * The end of a claimed check: publish check.completed.v1, then put the record on the `checks` document with
 * the completion outbox flag saying whether the publish went. A check whose pending record was never
 * inserted (the gateway publishes first, then inserts: it failed or died between the two) is created here,
 * unless it was erased meanwhile.
 */
import type { CheckRecord } from '@rv/schemas'
import type { CheckRepository } from '@rv/store'

export interface CompleteCheckDeps {
  checks: Pick<CheckRepository, 'finishCompleted' | 'insertFinished'>
  publishCompleted: (record: CheckRecord) => Promise<void>
  isErased?: (checkId: string) => Promise<boolean>
}

/**
 * @example
 * const complete = createCompleteCheck({ checks: store.checks, publishCompleted, isErased })
 * await complete(record, submission) // after a successful claim only
 */
export function createCompleteCheck(deps: CompleteCheckDeps) {
  /**
   * One write in the usual case. The check missing, an insert creates it; if the gateway's insert landed in
   * between (it won), the update again, so the terminal record and its flag are never lost under it.
   */
  async function finish(record: CheckRecord, submission: Record<string, unknown>, published: boolean) {
    if (await deps.checks.finishCompleted(record, published)) return
    if (await deps.isErased?.(record.id)) return
    if (await deps.checks.insertFinished(record, submission, published)) return
    await deps.checks.finishCompleted(record, published)
  }

  return async (record: CheckRecord, submission: Record<string, unknown>): Promise<void> => {
    try {
      await deps.publishCompleted(record)
    } catch (error) {
      // Left to the sweeper (flag down); if this write fails too, the redelivery's claim repairs it.
      await finish(record, submission, false).catch(() => undefined)
      throw error
    }
    await finish(record, submission, true)
  }
}
