import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import { findWith, stageQueries, storeIndexes } from '../store-queries'
import type { CheckDocument, StageSlot } from './check-document'

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

/** Every slot of a check. */
async function findStages(stages: Collection<StageDocument>, id: string): Promise<CheckSlots> {
  // One query on check_id (indexed; FerretDB on PostgreSQL pushes it down). On FerretDB's SQLite
  // backend this scans the collection: that backend does not hold volume (deploy/native/README.md).
  const slots = await findWith(stages, stageQueries.byCheck(id)).toArray()
  const submission = slots.find((s) => s.submission)?.submission
  return {
    stages: Object.fromEntries(slots.map((s) => [s.slot, s.value])),
    ...(submission ? { submission } : {}),
  }
}

/** Stores one stage's result in its slot; false when the slot was already filled (the first write wins). */
async function insertStage(
  stages: Collection<StageDocument>,
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
 * The `check_stages` collection: each stage slot of a check is its own document with its own single writer
 * (FerretDB v1 rewrites a whole document per update, so slots kept in one document could lose each other).
 */
export function createCheckSlots(db: Db) {
  const stages = db.collection<StageDocument>('check_stages')
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.check_stages) await stages.createIndex(index)
    },
    findStages: (id: string) => findStages(stages, id),
    insertStage: (id: string, slot: StageSlot, value: unknown, submission?: Record<string, unknown>) =>
      insertStage(stages, id, slot, value, submission),
    /** The document with its slots read in, or undefined for none. */
    async withStages(doc: CheckDocument | null): Promise<CheckDocument | undefined> {
      if (!doc) return undefined
      return { ...doc, stages: (await findStages(stages, doc._id)).stages }
    },
    /** Deletes every slot of the check. */
    async eraseOfCheck(id: string): Promise<void> {
      await stages.deleteMany(stageQueries.byCheck(id).filter)
    },
  }
}

export type CheckSlotStore = ReturnType<typeof createCheckSlots>
