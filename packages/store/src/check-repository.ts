import type { CheckRecord, CheckStatus } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'

/** Stage slots the aggregator fills, one per result topic. */
export type StageSlot = 'extraction' | 'authenticity' | 'matching' | 'replay'

export interface CheckDocument {
  _id: string
  tenant_id: string
  status: CheckStatus
  created_at: Date
  updated_at: Date
  record: CheckRecord
  /** The check.submitted.v1 payload, kept so the sweeper can publish it again. */
  submission: Record<string, unknown>
  /** Outbox flag: false until check.submitted.v1 was acknowledged by Kafka. */
  published: boolean
  /** Outbox flag of check.completed.v1: false between writing the terminal record and publishing it. */
  completed_published?: boolean
  stages: Partial<Record<StageSlot, unknown>>
}

const terminal: CheckStatus[] = ['done', 'failed']

/**
 * Check records and their per-stage slots. Every write is an upsert or a conditional update keyed by the
 * check id, so redelivered events are harmless. Uses only what FerretDB v1 supports.
 */
export function createCheckRepository(db: Db) {
  const checks: Collection<CheckDocument> = db.collection<CheckDocument>('checks')
  const completions = db.collection<{ _id: string; status: CheckStatus; at: Date }>('check_completions')

  return {
    async ensureIndexes(): Promise<void> {
      await checks.createIndex({ tenant_id: 1, created_at: -1 })
      await checks.createIndex({ status: 1, created_at: 1 })
      await checks.createIndex({ published: 1, created_at: 1 })
    },

    /** Writes the pending record with the outbox flag down; a second insert of the same id is a no-op. */
    async insertPending(record: CheckRecord, submission: Record<string, unknown>): Promise<void> {
      const now = new Date()
      await checks.updateOne(
        { _id: record.id },
        {
          $setOnInsert: {
            tenant_id: record.tenant_id,
            status: record.status,
            created_at: new Date(record.created_at),
            updated_at: now,
            record,
            submission,
            published: false,
            stages: {},
          },
        },
        { upsert: true },
      )
    },

    async markPublished(id: string): Promise<void> {
      await checks.updateOne({ _id: id }, { $set: { published: true } })
    },

    async markCompletedPublished(id: string): Promise<void> {
      await checks.updateOne({ _id: id }, { $set: { completed_published: true } })
    },

    /** The record if it exists and belongs to the tenant; another tenant's id looks exactly like a missing one. */
    async findRecord(tenantId: string, id: string): Promise<CheckRecord | undefined> {
      const doc = await checks.findOne({ _id: id, tenant_id: tenantId }, { projection: { record: 1 } })
      return doc?.record
    },

    async findDocument(id: string): Promise<CheckDocument | undefined> {
      return (await checks.findOne({ _id: id })) ?? undefined
    },

    /**
     * Stores one stage's result and returns the document as it is after the write, so the caller sees every
     * slot filled so far. Creates the document when the result overtakes the gateway's write.
     */
    async saveStage(id: string, tenantId: string, slot: StageSlot, value: unknown): Promise<CheckDocument> {
      const now = new Date()
      const doc = await checks.findOneAndUpdate(
        { _id: id },
        {
          $set: { [`stages.${slot}`]: value, updated_at: now },
          $setOnInsert: { tenant_id: tenantId, published: true },
        },
        { upsert: true, returnDocument: 'after' },
      )
      if (!doc) throw new Error(`saveStage: no document for ${id}`)
      return doc
    },

    /** Stores the submission seen by the aggregator (when the gateway's write is somehow missing). */
    async saveSubmission(
      id: string,
      tenantId: string,
      record: CheckRecord,
      submission: Record<string, unknown>,
    ) {
      const now = new Date()
      const doc = await checks.findOneAndUpdate(
        { _id: id },
        {
          $setOnInsert: {
            tenant_id: tenantId,
            status: record.status,
            created_at: new Date(record.created_at),
            record,
            submission,
            published: true,
          },
          $set: { updated_at: now },
        },
        { upsert: true, returnDocument: 'after' },
      )
      if (!doc) throw new Error(`saveSubmission: no document for ${id}`)
      return doc
    },

    /**
     * Stores the record. A terminal record is written at most once: the first writer inserts the check's
     * completion marker (a unique _id, atomic even on FerretDB, whose conditional updates are not) and
     * only it gets true, so exactly one delivery goes on to publish check.completed.v1. A progress write
     * never replaces a terminal record.
     */
    async writeRecord(record: CheckRecord): Promise<boolean> {
      const now = new Date()
      if (terminal.includes(record.status)) {
        try {
          await completions.insertOne({ _id: record.id, status: record.status, at: now })
        } catch (error) {
          if (isDuplicateKeyError(error)) return false
          throw error
        }
        await checks.updateOne(
          { _id: record.id },
          { $set: { record, status: record.status, updated_at: now, completed_published: false } },
        )
        return true
      }
      if (await completions.findOne({ _id: record.id })) return false
      const result = await checks.updateOne(
        { _id: record.id, status: { $nin: terminal } },
        { $set: { record, status: record.status, updated_at: now } },
      )
      return result.modifiedCount === 1
    },

    /** Submissions whose publish did not complete, oldest first. */
    async findUnpublished(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      return checks
        .find({ published: false, created_at: { $lt: olderThan } })
        .sort({ created_at: 1 })
        .limit(limit)
        .toArray()
    },

    /** Checks still running that were created before `olderThan`. */
    async findStuck(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      return checks
        .find({ status: { $in: ['pending', 'processing'] }, created_at: { $lt: olderThan } })
        .sort({ created_at: 1 })
        .limit(limit)
        .toArray()
    },

    /** Terminal records whose completion event may not have gone out. */
    async findCompletedUnpublished(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      return checks
        .find({ completed_published: false, updated_at: { $lt: olderThan } })
        .sort({ updated_at: 1 })
        .limit(limit)
        .toArray()
    },
  }
}

export type CheckRepository = ReturnType<typeof createCheckRepository>
