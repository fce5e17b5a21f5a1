import type { CheckRecord, CheckStatus } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'
import {
  checkQueries,
  completionQueries,
  findOneWith,
  findWith,
  hourBucket,
  stageQueries,
  storeIndexes,
} from './store-queries'

/** Stage slots the aggregator fills, one per result topic. */
export const stageSlots = ['extraction', 'authenticity', 'matching', 'replay'] as const
export type StageSlot = (typeof stageSlots)[number]

/** The `checks` document. `stages` is not stored in it: it is assembled from `check_stages` on read. */
export interface CheckDocument {
  _id: string
  tenant_id: string
  status: CheckStatus
  created_at: Date
  /** `hourBucket(created_at)`: the retention sweeper's equality (absent on checks stored before it). */
  created_hour?: string
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

interface StageDocument {
  /** `<check id>:<slot>` */
  _id: string
  check_id: string
  slot: StageSlot
  value: unknown
  /** The check.submitted.v1 payload the extraction result carries, so the slots alone can be decided. */
  submission?: Record<string, unknown>
}

/** What the slots of one check hold: each stage's result and, once extraction reported, the submission. */
export interface CheckSlots {
  stages: Partial<Record<StageSlot, unknown>>
  submission?: Record<string, unknown>
}

/** The terminal record, written once; the source of truth for a finished check. */
interface CompletionDocument {
  _id: string
  tenant_id: string
  status: CheckStatus
  record: CheckRecord
  at: Date
}

const terminal: CheckStatus[] = ['done', 'failed']

/** What erasing a check needs to know of it: its tenant and where its file is. */
export interface ErasableCheck {
  _id: string
  tenant_id: string
  submission: { file?: { key?: string } }
}
// The whole submission (a small payload): FerretDB v1's support of dotted projections is not relied on.
const erasableProjection = { _id: 1, tenant_id: 1, submission: 1 }

/**
 * Check records and their per-stage slots.
 *
 * Written for FerretDB v1 as much as for MongoDB: FerretDB applies an update by reading and replacing the
 * whole document, so two concurrent updates of one document can lose one of them. Hence every fact that
 * must not be lost has its own document with its own single writer: each stage slot is a document
 * (`check_stages`), and the terminal record is claimed by inserting a unique completion document
 * (`check_completions`), which reads prefer. The `checks` document holds progress, where a lost write is
 * repaired by the next one.
 */
export function createCheckRepository(db: Db) {
  const checks: Collection<CheckDocument> = db.collection<CheckDocument>('checks')
  const stages: Collection<StageDocument> = db.collection<StageDocument>('check_stages')
  const completions: Collection<CompletionDocument> = db.collection<CompletionDocument>('check_completions')

  /** Every slot of a check. */
  async function findStages(id: string): Promise<CheckSlots> {
    // One query on check_id (indexed; FerretDB on PostgreSQL pushes it down). On FerretDB's SQLite
    // backend this scans the collection: that backend does not hold volume (deploy/native/README.md).
    const slots = await findWith(stages, stageQueries.byCheck(id)).toArray()
    const submission = slots.find((s) => s.submission)?.submission
    return {
      stages: Object.fromEntries(slots.map((s) => [s.slot, s.value])),
      ...(submission ? { submission } : {}),
    }
  }

  async function withStages(doc: CheckDocument | null): Promise<CheckDocument | undefined> {
    if (!doc) return undefined
    return { ...doc, stages: (await findStages(doc._id)).stages }
  }

  /** Stores one stage's result in its slot; false when the slot was already filled (the first write wins). */
  async function insertStage(
    id: string,
    slot: StageSlot,
    value: unknown,
    submission?: Record<string, unknown>,
  ): Promise<boolean> {
    try {
      await stages.insertOne({
        _id: `${id}:${slot}`,
        check_id: id,
        slot,
        value,
        ...(submission ? { submission } : {}),
      })
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
  async function claimCompletion(record: CheckRecord, repairBefore = new Date()): Promise<boolean> {
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
    if (claimed && claimed.at < repairBefore && doc && !terminal.includes(doc.status)) {
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
  async function finishCompleted(record: CheckRecord, published: boolean): Promise<boolean> {
    const result = await checks.updateOne(
      { _id: record.id },
      { $set: { record, status: record.status, updated_at: new Date(), completed_published: published } },
    )
    return result.matchedCount === 1
  }

  /** The first stage's progress (`processing`) onto a check still `pending`; false when it was not. */
  async function recordProgress(record: CheckRecord): Promise<boolean> {
    const result = await checks.updateOne(
      { _id: record.id, status: 'pending' },
      { $set: { record, status: record.status, updated_at: new Date() } },
    )
    return result.modifiedCount === 1
  }

  /** A new `checks` document for `record`, its outbox flags as given. */
  function newCheck(
    record: CheckRecord,
    submission: Record<string, unknown>,
    flags: Pick<CheckDocument, 'published' | 'completed_published'>,
  ): Omit<CheckDocument, 'stages'> {
    return {
      _id: record.id,
      tenant_id: record.tenant_id,
      status: record.status,
      created_at: new Date(record.created_at),
      updated_at: new Date(),
      record,
      submission,
      ...flags,
    }
  }

  /** True when this insert made the document; false when it existed (a no-op). */
  async function insertIfMissing(doc: Omit<CheckDocument, 'stages'>): Promise<boolean> {
    try {
      await checks.insertOne({ ...doc, created_hour: hourBucket(doc.created_at) } as CheckDocument)
      return true
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      return false
    }
  }

  async function load(id: string): Promise<CheckDocument> {
    const doc = await withStages(await checks.findOne({ _id: id }))
    if (!doc) throw new Error(`no check document ${id}`)
    return doc
  }

  return {
    /** One index per query (store-queries.ts); no other: each index is paid on every write. */
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.checks) await checks.createIndex(index)
      for (const index of storeIndexes.check_stages) await stages.createIndex(index)
    },

    /**
     * Writes the pending record, its outbox flag up when the submission was already published (default
     * down); a second insert of the same id is a no-op (the aggregator may have created the check first).
     */
    async insertPending(
      record: CheckRecord,
      submission: Record<string, unknown>,
      published = false,
    ): Promise<void> {
      await insertIfMissing(newCheck(record, submission, { published }))
    },

    async markPublished(id: string): Promise<void> {
      await checks.updateOne({ _id: id }, { $set: { published: true } })
    },

    async markCompletedPublished(id: string): Promise<void> {
      await checks.updateOne({ _id: id }, { $set: { completed_published: true } })
    },

    /** The record if it exists and belongs to the tenant; another tenant's id looks exactly like a missing one. */
    async findRecord(tenantId: string, id: string): Promise<CheckRecord | undefined> {
      const done = await findOneWith(completions, completionQueries.byIdForTenant(id, tenantId))
      if (done) return done.record
      const doc = await findOneWith(checks, checkQueries.byIdForTenant(id, tenantId), {
        projection: { record: 1 },
      })
      return doc?.record
    },

    /** The tenant the check belongs to (as the gateway wrote it), or undefined when there is no such check. */
    async findTenant(id: string): Promise<string | undefined> {
      const doc = await checks.findOne({ _id: id }, { projection: { tenant_id: 1 } })
      return doc?.tenant_id
    },

    async exists(id: string): Promise<boolean> {
      return (await checks.findOne({ _id: id }, { projection: { _id: 1 } })) !== null
    },

    async findDocument(id: string): Promise<CheckDocument | undefined> {
      return withStages(await checks.findOne({ _id: id }))
    },

    insertStage,
    findStages,
    claimCompletion,
    finishCompleted,
    recordProgress,

    /**
     * Creates the `checks` document of a claimed record whose pending record was never inserted (the gateway
     * failed or died after publishing), with its completion outbox flag; false when the document exists
     * after all (the gateway's insert landed meanwhile: then `finishCompleted` applies).
     */
    async insertFinished(
      record: CheckRecord,
      submission: Record<string, unknown>,
      published: boolean,
    ): Promise<boolean> {
      return insertIfMissing(
        newCheck(record, submission, { published: true, completed_published: published }),
      )
    },

    /**
     * Stores one stage's result in its own slot document (the first write wins; a redelivery changes
     * nothing) and returns the check with every slot stored so far.
     */
    async saveStage(id: string, tenantId: string, slot: StageSlot, value: unknown): Promise<CheckDocument> {
      await insertStage(id, slot, value)
      const doc = await withStages(await checks.findOne({ _id: id }))
      // A result that overtook the gateway's write: the submission event will complete the document.
      return doc ?? ({ _id: id, tenant_id: tenantId, stages: {} } as unknown as CheckDocument)
    },

    /** Creates the document from a submission event when the gateway's write is missing; returns it. */
    async saveSubmission(
      id: string,
      tenantId: string,
      record: CheckRecord,
      submission: Record<string, unknown>,
    ) {
      await insertIfMissing({
        ...newCheck(record, submission, { published: true }),
        _id: id,
        tenant_id: tenantId,
      })
      return load(id)
    },

    /**
     * Stores the record: a terminal one is claimed once (`claimCompletion`) and then put on the check with
     * its completion outbox flag down; only the claimer gets true. A progress write only moves a `pending` check.
     * The aggregator itself uses the steps, publishing between the claim and the final write.
     */
    async writeRecord(record: CheckRecord): Promise<boolean> {
      if (!terminal.includes(record.status)) return recordProgress(record)
      if (!(await claimCompletion(record))) return false
      await finishCompleted(record, false)
      return true
    },

    /**
     * A tenant's checks created in `hour` (`hourBucket`), at most `limit`: what the retention sweeper
     * erases. Only the fields erasure needs.
     */
    async findCreatedInHour(tenantId: string, hour: string, limit = 100): Promise<ErasableCheck[]> {
      const docs = await findWith(checks, checkQueries.createdInHour(tenantId, hour, limit))
        .project<ErasableCheck>(erasableProjection)
        .toArray()
      return docs
    },

    /** Up to `limit` of a tenant's checks (erasure of a tenant: erase them, then ask again). */
    async findOfTenant(tenantId: string, limit = 100): Promise<ErasableCheck[]> {
      return findWith(checks, checkQueries.byTenant(tenantId, limit))
        .project<ErasableCheck>(erasableProjection)
        .toArray()
    },

    /** The check if it belongs to the tenant, with what erasing it needs; another tenant's looks missing. */
    async findErasable(tenantId: string, id: string): Promise<ErasableCheck | undefined> {
      const doc = await findOneWith(checks, checkQueries.byIdForTenant(id, tenantId), {
        projection: erasableProjection,
      })
      return (doc as ErasableCheck | null) ?? undefined
    },

    /**
     * Deletes the check's stage slots, terminal record and, last, its `checks` document (so an erasure
     * cut short is found and finished by the next one). Returns whether the `checks` document existed.
     */
    async erase(id: string): Promise<boolean> {
      await stages.deleteMany(stageQueries.byCheck(id).filter)
      await completions.deleteOne({ _id: id })
      return (await checks.deleteOne({ _id: id })).deletedCount === 1
    },

    /** Submissions whose publish did not complete, oldest first. */
    async findUnpublished(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      const docs = await findWith(checks, checkQueries.unpublished(olderThan, limit)).toArray()
      return docs.map((d) => ({ ...d, stages: {} }))
    },

    /** Checks still running that were created before `olderThan`, oldest first, with their slots. */
    async findStuck(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      const running = await Promise.all(
        (['pending', 'processing'] as const).map((status) =>
          findWith(checks, checkQueries.running(status, olderThan, limit)).toArray(),
        ),
      )
      const docs = running
        .flat()
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
        .slice(0, limit)
      return Promise.all(docs.map(async (d) => (await withStages(d)) as CheckDocument))
    },

    /** Terminal records whose completion event may not have gone out. */
    async findCompletedUnpublished(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      const docs = await findWith(checks, checkQueries.completedUnpublished(olderThan, limit)).toArray()
      return docs.map((d) => ({ ...d, stages: {} }))
    },
  }
}

export type CheckRepository = ReturnType<typeof createCheckRepository>
