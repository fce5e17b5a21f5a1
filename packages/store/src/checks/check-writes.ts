import { isTerminal } from '@rv/core/vocabulary'
import type { CheckRecord } from '@rv/schemas'
import { isDuplicateKeyError } from '../duplicate-key'
import { hourBucket } from '../store-queries'
import type { CheckCollections } from './check-collections'
import { type CheckDocument, newCheckDocument, type StageSlot } from './check-document'

/** True when this insert made the document; false when it existed (a no-op). */
async function insertIfMissing(
  { checks }: CheckCollections,
  doc: Omit<CheckDocument, 'stages'>,
): Promise<boolean> {
  try {
    await checks.insertOne({ ...doc, created_hour: hourBucket(doc.created_at) } as CheckDocument)
    return true
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error
    return false
  }
}

/**
 * Claims the terminal record by inserting its completion document; true for the one claimer. A later
 * claim finds the first and, if that claim was made before `repairBefore` (default: now) and the `checks`
 * document is still not terminal (a claimer that died before its final write, or a lost update), repairs
 * it with the completion outbox flag down so the sweeper publishes. A younger claim is left to its
 * claimer, which may be publishing right now: repairing under it would make the sweeper publish twice.
 */
export async function claimCompletion(
  { checks, completions }: CheckCollections,
  record: CheckRecord,
  repairBefore = new Date(),
): Promise<boolean> {
  const now = new Date()
  try {
    await completions.insertOne({
      _id: record.id,
      tenant_id: record.tenant_id,
      status: record.status,
      record,
      at: now,
    })
    return true
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error
  }
  const claimed = await completions.findOne({ _id: record.id })
  const doc = await checks.findOne({ _id: record.id }, { projection: { status: 1 } })
  if (claimed && claimed.at < repairBefore && doc && !isTerminal(doc.status)) {
    // FerretDB v1 rewrites the whole document, so this repair can overwrite the claimer's write, flag
    // included: set the flag down (at worst the sweeper publishes the completion twice; lost, a claimer
    // crashing before its publish would never be repaired).
    await checks.updateOne(
      { _id: record.id },
      {
        $set: {
          record: claimed.record,
          status: claimed.status,
          updated_at: now,
          completed_published: false,
        },
      },
    )
  }
  return false
}

/**
 * The claimed record onto the `checks` document, with its completion outbox flag; false when there is no
 * such document (a submission published without the gateway's write: see `insertFinished`).
 */
export async function finishCompleted(
  { checks }: CheckCollections,
  record: CheckRecord,
  published: boolean,
): Promise<boolean> {
  const result = await checks.updateOne(
    { _id: record.id },
    { $set: { record, status: record.status, updated_at: new Date(), completed_published: published } },
  )
  return result.matchedCount === 1
}

/** The first stage's progress (`processing`) onto a check still `pending`; false when it was not. */
export async function recordProgress({ checks }: CheckCollections, record: CheckRecord): Promise<boolean> {
  const result = await checks.updateOne(
    { _id: record.id, status: 'pending' },
    { $set: { record, status: record.status, updated_at: new Date() } },
  )
  return result.modifiedCount === 1
}

/**
 * Stores one stage's result in its own slot document (the first write wins; a redelivery changes
 * nothing) and returns the check with every slot stored so far.
 */
export async function saveStage(
  ctx: CheckCollections,
  id: string,
  tenantId: string,
  slot: StageSlot,
  value: unknown,
): Promise<CheckDocument> {
  await ctx.slots.insertStage(id, slot, value)
  const doc = await ctx.slots.withStages(await ctx.checks.findOne({ _id: id }))
  // A result that overtook the gateway's write: the submission event will complete the document.
  return doc ?? ({ _id: id, tenant_id: tenantId, stages: {} } as unknown as CheckDocument)
}

/** Creates the document from a submission event when the gateway's write is missing; returns it. */
export async function saveSubmission(
  ctx: CheckCollections,
  id: string,
  tenantId: string,
  record: CheckRecord,
  submission: Record<string, unknown>,
): Promise<CheckDocument> {
  await insertIfMissing(ctx, {
    ...newCheckDocument(record, submission, { published: true }),
    _id: id,
    tenant_id: tenantId,
  })
  const doc = await ctx.slots.withStages(await ctx.checks.findOne({ _id: id }))
  if (!doc) throw new Error(`no check document ${id}`)
  return doc
}

/**
 * Stores the record: a terminal one is claimed once (`claimCompletion`) and then put on the check with
 * its completion outbox flag down; only the claimer gets true. A progress write only moves a `pending` check.
 * The aggregator itself uses the steps, publishing between the claim and the final write.
 */
export async function writeRecord(ctx: CheckCollections, record: CheckRecord): Promise<boolean> {
  if (!isTerminal(record.status)) return recordProgress(ctx, record)
  if (!(await claimCompletion(ctx, record))) return false
  await finishCompleted(ctx, record, false)
  return true
}

/** The write model of a check: the gateway's insert, the stages' slots, the aggregator's claim and final write. */
export function createCheckWrites(ctx: CheckCollections) {
  return {
    /**
     * Writes the pending record, its outbox flag up when the submission was already published (default
     * down); a second insert of the same id is a no-op (the aggregator may have created the check first).
     */
    async insertPending(
      record: CheckRecord,
      submission: Record<string, unknown>,
      published = false,
    ): Promise<void> {
      await insertIfMissing(ctx, newCheckDocument(record, submission, { published }))
    },
    /**
     * Creates the `checks` document of a claimed record whose pending record was never inserted (the gateway
     * failed or died after publishing), with its completion outbox flag; false when the document exists
     * after all (the gateway's insert landed meanwhile: then `finishCompleted` applies).
     */
    insertFinished: (record: CheckRecord, submission: Record<string, unknown>, published: boolean) =>
      insertIfMissing(
        ctx,
        newCheckDocument(record, submission, { published: true, completed_published: published }),
      ),
    insertStage: ctx.slots.insertStage,
    claimCompletion: (record: CheckRecord, repairBefore?: Date) => claimCompletion(ctx, record, repairBefore),
    finishCompleted: (record: CheckRecord, published: boolean) => finishCompleted(ctx, record, published),
    recordProgress: (record: CheckRecord) => recordProgress(ctx, record),
    saveStage: (id: string, tenantId: string, slot: StageSlot, value: unknown) =>
      saveStage(ctx, id, tenantId, slot, value),
    saveSubmission: (
      id: string,
      tenantId: string,
      record: CheckRecord,
      submission: Record<string, unknown>,
    ) => saveSubmission(ctx, id, tenantId, record, submission),
    writeRecord: (record: CheckRecord) => writeRecord(ctx, record),
  }
}
