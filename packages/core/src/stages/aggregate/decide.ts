import type { CheckRecord, ErrorBlock, Recommendation } from '@rv/schemas'
import { isTerminal } from '../../vocabulary/check-status'
import { emptyDocument, emptyFields, emptyMatch, emptyReplay } from '../../vocabulary/empty-blocks'
import { checkErrorCodes } from '../../vocabulary/error-codes'
import type { DecisionInput } from '../../vocabulary/stage-contracts'
import { summarizeModelCalls } from '../cost/compute-model-cost'
import { type AggregateState, type StageName, stageNames } from './aggregate-event'
import { pendingRecord } from './pending-record'

/** The recommendation step, bound to the check's profile by the caller (decision/ `decide`). */
export type Recommend = (input: DecisionInput) => { recommendation: Recommendation; reasons: string[] }

export type AggregateCommand =
  /** Store the record (upsert by id; a terminal record is written at most once). */
  | { type: 'write_record'; record: CheckRecord }
  /** Publish check.completed.v1 with the finished record. */
  | { type: 'publish_completed'; record: CheckRecord }

function missingStages(state: AggregateState): StageName[] {
  return stageNames.filter((s) => !state.reported.includes(s))
}

function latencyMs(createdAt: string, now: Date): number {
  return Math.max(0, now.getTime() - Date.parse(createdAt))
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)]
}

/** The record with every block filled so far. */
function currentRecord(
  state: AggregateState,
  submission: NonNullable<AggregateState['submission']>,
): CheckRecord {
  const base = pendingRecord(submission)
  return {
    ...base,
    status: state.reported.length > 0 ? 'processing' : 'pending',
    document: state.document ?? emptyDocument(state.extraction?.family ?? null),
    fields: state.extraction?.fields ?? emptyFields(),
    match: state.match ?? emptyMatch(),
    replay: state.replay?.result ?? emptyReplay(),
    cost: { ...base.cost, ...summarizeModelCalls(state.modelCalls) },
  }
}

function finish(
  record: CheckRecord,
  state: AggregateState,
  now: Date,
  recommend: Recommend,
  failure: { error: ErrorBlock; reason: string } | null,
): AggregateCommand[] {
  const decision = recommend({
    document: record.document,
    fields: record.fields,
    match: record.match,
    replay: record.replay,
    error: failure?.error ?? null,
    replayReasons: state.replay?.reasons ?? [],
  })
  const finished: CheckRecord = {
    ...record,
    status: failure ? 'failed' : 'done',
    recommendation: decision.recommendation,
    reasons: unique(failure ? [failure.reason, ...decision.reasons] : decision.reasons),
    error: failure?.error ?? null,
    cost: { ...record.cost, latency_ms: latencyMs(record.created_at, now) },
  }
  return [
    { type: 'write_record', record: finished },
    { type: 'publish_completed', record: finished },
  ]
}

/**
 * What to do after the latest event. Nothing until the submission is known or once the record is terminal;
 * a stage failure or a passed deadline finishes the check `failed`; four results finish it `done`;
 * otherwise the record is stored once, when the first stage reported, so GET shows `processing`.
 *
 * @example
 * decide(events.reduce(evolve, initialState), new Date(), recommend)
 */
export function decide(state: AggregateState, now: Date, recommend: Recommend): AggregateCommand[] {
  const submission = state.submission
  if (!submission) return []
  if (isTerminal(state.storedStatus)) return []
  const record = currentRecord(state, submission)

  if (state.failure) {
    const reason = `stage_failed:${state.failure.stage}`
    return finish(record, state, now, recommend, { error: state.failure.error, reason })
  }
  const missing = missingStages(state)
  if (missing.length === 0) return finish(record, state, now, recommend, null)
  if (state.deadlinePassed) {
    const error: ErrorBlock = {
      code: 'stage_timeout',
      message: `${checkErrorCodes.stage_timeout.message} Waiting for: ${missing.join(', ')}.`,
      retryable: checkErrorCodes.stage_timeout.retryable,
    }
    return finish(record, state, now, recommend, { error, reason: `stage_timeout:${missing[0]}` })
  }
  // Progress is written once, when the first stage reports (pending -> processing), not for every result:
  // each write is a store round trip (a whole-document rewrite on FerretDB), and the blocks are complete only
  // at the end anyway. The aggregator does not read the stored status per result, so the rule is the count.
  if (state.reported.length !== 1 || state.storedStatus === record.status) return []
  return [{ type: 'write_record', record }]
}
