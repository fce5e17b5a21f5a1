/**
 * The aggregator's I/O around the pure process manager in @rv/core/aggregate: store the result in its
 * slot (atomic, returns every slot so far), fold the slots into state, decide, run the commands.
 * Terminal records are written at most once (conditional update), so only one delivery publishes.
 */
import {
  type AggregateCommand,
  type AggregateEvent,
  decide,
  evolve,
  initialState,
  pendingRecord,
  type Recommend,
  type StageName,
} from '@rv/core'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import type { CheckDocument, CheckRepository } from '@rv/store'
import { type ResultMessage, resultEvent, submissionInfo } from './to-aggregate-event'

export interface AggregatorDeps {
  checks: Pick<
    CheckRepository,
    'exists' | 'saveStage' | 'saveSubmission' | 'writeRecord' | 'markCompletedPublished'
  >
  publishCompleted: (record: CheckRecord) => Promise<void>
  /** The recommendation bound to the check's pinned profile and expectation. */
  recommendFor: (submission: CheckSubmittedV1) => Promise<Recommend>
  now: () => Date
}

/** The events a stored check document stands for. */
export function eventsOf(doc: CheckDocument, extra: AggregateEvent[] = []): AggregateEvent[] {
  const events: AggregateEvent[] = []
  if (doc.submission && Object.keys(doc.submission).length > 0) {
    events.push({
      type: 'submitted',
      submission: submissionInfo(doc.submission as unknown as CheckSubmittedV1),
    })
  }
  for (const slot of Object.values(doc.stages ?? {})) events.push(slot as AggregateEvent)
  if (doc.status) events.push({ type: 'record_stored', status: doc.status })
  return [...events, ...extra]
}

export function createAggregatorHandler(deps: AggregatorDeps) {
  async function run(commands: AggregateCommand[]): Promise<void> {
    let wrote = false
    for (const command of commands) {
      switch (command.type) {
        case 'write_record':
          wrote = await deps.checks.writeRecord(command.record)
          break
        case 'publish_completed':
          if (!wrote) break
          await deps.publishCompleted(command.record)
          await deps.checks.markCompletedPublished(command.record.id)
          break
        default: {
          const unreachable: never = command
          throw new Error(`unknown command ${JSON.stringify(unreachable)}`)
        }
      }
    }
  }

  /** Decides over a stored document (plus events not stored, e.g. a passed deadline) and acts. */
  async function settle(doc: CheckDocument, extra: AggregateEvent[] = []): Promise<AggregateCommand[]> {
    if (!doc.submission || Object.keys(doc.submission).length === 0) return []
    const state = eventsOf(doc, extra).reduce(evolve, initialState)
    const recommend = await deps.recommendFor(doc.submission as unknown as CheckSubmittedV1)
    const commands = decide(state, deps.now(), recommend)
    await run(commands)
    return commands
  }

  return {
    settle,
    async onSubmitted(submission: CheckSubmittedV1): Promise<void> {
      // Normally the gateway wrote the check before publishing and results will drive it: one cheap read.
      if (await deps.checks.exists(submission.check_id)) return
      const record = pendingRecord(submissionInfo(submission))
      const doc = await deps.checks.saveSubmission(
        submission.check_id,
        submission.tenant_id,
        record,
        submission as unknown as Record<string, unknown>,
      )
      await settle(doc)
    },
    async onResult(message: ResultMessage): Promise<{ stage: StageName }> {
      const { stage, event } = resultEvent(message)
      const doc = await deps.checks.saveStage(message.value.check_id, message.value.tenant_id, stage, event)
      await settle(doc)
      return { stage }
    },
  }
}
