/**
 * The end of a claimed check: publish check.completed.v1, then put the record on the `checks` document with
 * the completion outbox flag saying whether the publish went. A check the gateway never wrote (a submission
 * published some other way) is created here, unless it was erased meanwhile.
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
  /** One write in the usual case; the gateway's write missing, a second that creates the check. */
  async function finish(record: CheckRecord, submission: Record<string, unknown>, published: boolean) {
    if (await deps.checks.finishCompleted(record, published)) return
    if (await deps.isErased?.(record.id)) return
    await deps.checks.insertFinished(record, submission, published)
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
