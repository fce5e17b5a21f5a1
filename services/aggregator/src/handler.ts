/**
 * The aggregator's I/O around the pure process manager in @rv/core/aggregate: store the result in its
 * slot (insert once), learn the check's other slots (from this process's memory when it has seen them all,
 * else one indexed read), fold them into state, decide, run the commands. The terminal record is claimed
 * once (a unique insert), so only one delivery publishes; the `checks` document gets the record and the
 * completion outbox flag in one write after the publish (complete-check.ts).
 *
 * A submission event costs no store command: the gateway stored the check before publishing it, so the
 * event is only remembered here (its tenant guards the results, and it completes this process's knowledge
 * of the check). A check nobody stored is created by its final write.
 *
 * When the result consumer is co-partitioned and this process saw the check's submission in its current
 * ownership generation, the read is skipped too: every result of the check comes here (ownership-trust.ts).
 *
 * Why a result is an insert then (unless this process has seen every slot, or is trusted) a read, and not one
 * `findOneAndUpdate` of a shared document: FerretDB 1.24 applies an update by reading the document and
 * writing it back whole, outside any transaction, so two results updating one document at the same moment
 * lose one of them, and a guard like "slot absent" in the filter lets both writers in (docs/store.md).
 * Only a unique insert is atomic there.
 */
import {
  type AggregateCommand,
  type AggregateEvent,
  decide,
  evolve,
  initialState,
  type Recommend,
  type StageName,
} from '@rv/core'
import type { Ownership, ReleaseOffset } from '@rv/kafka'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import type { CheckDocument, CheckRepository, CheckSlots } from '@rv/store'
import { createCompleteCheck } from './complete-check'
import { createHeldResults, type HeldResults } from './held-results'
import { defaultTrustMarginMs, stillTrusted, trustGeneration } from './ownership-trust'
import { type CommandRunner, runCommands } from './run-commands'
import { createSlotMemory, isComplete, type SlotMemory } from './slot-memory'
import { type ResultMessage, resultEvent, submissionInfo } from './to-aggregate-event'

export interface AggregatorDeps {
  checks: Pick<
    CheckRepository,
    | 'findTenant'
    | 'findDocument'
    | 'insertStage'
    | 'findStages'
    | 'recordProgress'
    | 'claimCompletion'
    | 'finishCompleted'
    | 'insertFinished'
  >
  publishCompleted: (record: CheckRecord) => Promise<void>
  /**
   * Whether the check was erased (a tombstone): a result redelivered after an erasure is dropped, so it
   * cannot bring the check's data back (docs/data-retention.md). Absent: never erased.
   */
  isErased?: (checkId: string) => Promise<boolean>
  /** The recommendation bound to the check's pinned profile and expectation. */
  recommendFor: (submission: CheckSubmittedV1) => Promise<Recommend>
  now: () => Date
  /** Checks whose slots this process remembers (default 10 000). */
  memoryChecks?: number
  /**
   * How old another claim must be before this process repairs its check (the claimer is taken for dead):
   * REPUBLISH_AFTER_MS, the time a completion may take to go out (default 10 s).
   */
  repairAfterMs?: number
  /** The result consumer's holding (its handle's `ownership()`); absent: never trusted, always read. */
  ownership?: () => Ownership | undefined
  /** How long after a generation began a submission must have been produced to be trusted (default 5 s). */
  trustMarginMs?: number
  /**
   * How long a trusted check's results may stay in memory, their offsets held, before they are written to
   * their slots (held-results.ts); 0 or absent: every result is written at once. Needs the consumer's
   * `holdOffsets` (a message without `hold` is written).
   */
  holdResultsMs?: number
}

/** A stage result whose tenant is not its check's: permanent, so the consumer dead-letters it. */
export class StageTenantMismatchError extends Error {
  readonly code = 'stage_result_tenant_mismatch'
  readonly retryable = false
  constructor(topic: string, checkId: string) {
    super(`${topic} result for ${checkId} names another tenant than the check's; not merged`)
    this.name = 'StageTenantMismatchError'
  }
}

const hasSubmission = (s: Record<string, unknown> | undefined): s is Record<string, unknown> =>
  s !== undefined && Object.keys(s).length > 0

/** The events stored slots stand for. */
function slotEvents(stages: CheckSlots['stages']): AggregateEvent[] {
  return Object.values(stages) as AggregateEvent[]
}

/** The events a stored check document stands for. */
export function eventsOf(doc: CheckDocument, extra: AggregateEvent[] = []): AggregateEvent[] {
  const events: AggregateEvent[] = []
  if (hasSubmission(doc.submission)) {
    events.push({
      type: 'submitted',
      submission: submissionInfo(doc.submission as unknown as CheckSubmittedV1),
    })
  }
  events.push(...slotEvents(doc.stages ?? {}))
  if (doc.status) events.push({ type: 'record_stored', status: doc.status })
  return [...events, ...extra]
}

/** What the handler's steps share: its dependencies, the slot memory, and the checks being completed. */
interface HandlerContext extends CommandRunner {
  deps: AggregatorDeps
  memory: SlotMemory
  held: HeldResults
}

export function createAggregatorHandler(deps: AggregatorDeps) {
  const memory = createSlotMemory(deps.memoryChecks)
  const held = createHeldResults()
  const ctx: HandlerContext = {
    deps,
    memory,
    held,
    repairAfterMs: deps.repairAfterMs ?? 10_000,
    completing: new Set<string>(),
    complete: createCompleteCheck(deps),
    // The terminal record is written: the check's held results are needed nowhere, their offsets go.
    finished: (checkId) => {
      for (const result of held.take(checkId)) result.release()
    },
  }
  return {
    /** Decides over a stored document (plus events not stored, e.g. a passed deadline) and acts. */
    settle: (doc: CheckDocument, extra: AggregateEvent[] = []): Promise<AggregateCommand[]> =>
      settle(ctx, doc, extra),
    /**
     * Remembered, not read or written: the gateway stored it; results drive the check (header). `producedAt`
     * is the message's timestamp: a submission produced within this process's ownership is trusted.
     */
    async onSubmitted(submission: CheckSubmittedV1, producedAt?: number): Promise<void> {
      memory.merge(submission.check_id, {
        stages: {},
        submission: submission as unknown as Record<string, unknown>,
      })
      const generation = trustGeneration(
        deps.ownership?.(),
        producedAt,
        deps.trustMarginMs ?? defaultTrustMarginMs,
      )
      if (generation !== undefined) memory.trust(submission.check_id, generation)
    },
    onResult: (message: HoldableResult): Promise<{ stage: StageName }> => onResult(ctx, message),
    /** Writes out the results held past `holdResultsMs` and drops those of an ended generation. */
    flushHeld: (): Promise<void> => flushHeld(ctx),
    /** Results held now (a gauge). */
    heldResults: (): number => held.size(),
  }
}

async function decideAndRun(
  ctx: HandlerContext,
  submission: Record<string, unknown>,
  events: AggregateEvent[],
): Promise<AggregateCommand[]> {
  const state = events.reduce(evolve, initialState)
  const recommend = await ctx.deps.recommendFor(submission as unknown as CheckSubmittedV1)
  const commands = decide(state, ctx.deps.now(), recommend)
  await runCommands(ctx, commands, submission)
  return commands
}

async function settle(
  ctx: HandlerContext,
  doc: CheckDocument,
  extra: AggregateEvent[],
): Promise<AggregateCommand[]> {
  if (!hasSubmission(doc.submission)) return []
  return decideAndRun(ctx, doc.submission, eventsOf(doc, extra))
}

/** A stage result as consumed: with `hold` when the consumer holds offsets. */
export type HoldableResult = ResultMessage & { hold?: () => ReleaseOffset }

/**
 * Stores the result in its slot (or, for a trusted check, holds it: held-results.ts), learns the check's
 * other slots, and decides over them.
 */
async function onResult(ctx: HandlerContext, message: HoldableResult): Promise<{ stage: StageName }> {
  const { deps, memory } = ctx
  const { stage, event } = resultEvent(message)
  const checkId = message.value.check_id
  if ((await assertSameTenant(ctx, message)) === 'erased') return { stage }
  const submission =
    message.topic === 'check.extracted.v1'
      ? (message.value.submission as unknown as Record<string, unknown>)
      : undefined
  const seen: CheckSlots = { stages: { [stage]: event }, ...(submission ? { submission } : {}) }
  if (holdResult(ctx, message, { checkId, stage, event, submission })) {
    await settleSlots(ctx, checkId, memory.merge(checkId, seen))
    return { stage }
  }
  const inserted = await deps.checks.insertStage(checkId, stage, event, submission)
  // Our value is the stored one only if our insert made the slot; a redelivery reads what is stored.
  let slots = inserted ? memory.merge(checkId, seen) : undefined
  const trusted = stillTrusted(deps.ownership?.(), memory.trustedIn(checkId))
  if (!slots || (!isComplete(slots) && !trusted))
    slots = memory.merge(checkId, await deps.checks.findStages(checkId))
  await settleSlots(ctx, checkId, slots)
  return { stage }
}

/**
 * Holds the result instead of writing it when the check is trusted in the current generation and the
 * consumer holds offsets; true if held (or already held: a retry of the message).
 */
function holdResult(
  ctx: HandlerContext,
  message: HoldableResult,
  result: { checkId: string; stage: StageName; event: AggregateEvent; submission?: Record<string, unknown> },
): boolean {
  const { deps, memory, held } = ctx
  if (!message.hold || !(deps.holdResultsMs && deps.holdResultsMs > 0)) return false
  const own = deps.ownership?.()
  if (!own || !stillTrusted(own, memory.trustedIn(result.checkId))) return false
  if (held.has(result.checkId, result.stage)) return true
  held.add(result.checkId, {
    stage: result.stage,
    event: result.event,
    ...(result.submission ? { submission: result.submission } : {}),
    release: message.hold(),
    at: deps.now().getTime(),
    generation: own.generation,
  })
  return true
}

/**
 * Results held past `holdResultsMs` are written to their slots as any result is, the check decided over
 * what the store then has, and released; results of an ended generation are dropped unwritten (their
 * redelivery goes to the partition's next owner) with what this process remembered of their check.
 */
async function flushHeld(ctx: HandlerContext): Promise<void> {
  const { deps, memory, held } = ctx
  const before = deps.now().getTime() - (deps.holdResultsMs ?? 0)
  const { overdue, stale } = held.due(before, deps.ownership?.()?.generation)
  for (const checkId of stale) {
    for (const result of held.take(checkId)) result.release()
    memory.forget(checkId)
  }
  for (const checkId of overdue) {
    const results = held.take(checkId)
    try {
      for (const r of results) await deps.checks.insertStage(checkId, r.stage, r.event, r.submission)
      await settleSlots(ctx, checkId, memory.merge(checkId, await deps.checks.findStages(checkId)))
    } catch (error) {
      // Kept for the next round; their offsets stay held meanwhile.
      for (const r of results) held.add(checkId, r)
      throw error
    }
    for (const r of results) r.release()
  }
}

/**
 * A stage result must come from the check's own tenant: one naming another tenant (a forged or misrouted
 * message on the bus) is refused permanently — dead-lettered, never merged into the check. The owner is
 * the submission this process saw, else the check as the gateway wrote it (one `_id` read); an extraction
 * result's own submission must agree with its tenant too.
 */
async function assertSameTenant(ctx: HandlerContext, message: ResultMessage): Promise<'erased' | undefined> {
  const { check_id: checkId, tenant_id: tenantId } = message.value
  const carried = message.topic === 'check.extracted.v1' ? message.value.submission.tenant_id : tenantId
  let owner = ctx.memory.tenantOf(checkId) ?? (await ctx.deps.checks.findTenant(checkId))
  // No check: erased (then nothing of it may come back), or a result that overtook the gateway's write.
  if (owner === undefined && (await ctx.deps.isErased?.(checkId))) return 'erased'
  owner ??= carried
  if (owner !== tenantId || carried !== tenantId) throw new StageTenantMismatchError(message.topic, checkId)
  return undefined
}

/** Decides over a check's slots; the submission comes from the check document when no slot has it yet. */
async function settleSlots(ctx: HandlerContext, checkId: string, slots: CheckSlots): Promise<void> {
  let submission = slots.submission
  if (!hasSubmission(submission)) {
    submission = (await ctx.deps.checks.findDocument(checkId))?.submission
    if (!hasSubmission(submission)) return // the submission event will settle it
    ctx.memory.merge(checkId, { stages: {}, submission })
  }
  const submitted: AggregateEvent = {
    type: 'submitted',
    submission: submissionInfo(submission as unknown as CheckSubmittedV1),
  }
  await decideAndRun(ctx, submission, [submitted, ...slotEvents(slots.stages)])
}
