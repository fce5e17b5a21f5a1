import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import { findWith } from '../store-queries'
import { consoleErasureQueries, consoleIndexes, consoleQueries, tenantDay } from './console-queries'

export const decisionOutcomes = ['genuine', 'forged', 'escalate'] as const
export type DecisionOutcome = (typeof decisionOutcomes)[number]

/** One person's decision on one check: appended, never edited (`check_decisions`). */
export interface CheckDecisionDocument {
  /** `<check>:<seq>`: the unique insert makes two decisions at once impossible to both land as one seq. */
  _id: string
  check_id: string
  seq: number
  tenant_id: string
  tenant_day: string
  decision: DecisionOutcome
  reason_code: string | null
  note: string | null
  decided_by: string
  role: 'analyst' | 'lead'
  /** SHA-256 of the machine record (canonical JSON) the person judged: the record is never rewritten. */
  record_sha256: string
  /** What the machine recommended, for the overrule rate. */
  recommendation_was: string | null
  family: string | null
  /** The machine's verdict and the checks that failed: what the lead's overrule rates are counted on. */
  verdict_was: string | null
  failed_checks: string[]
  /** When the check finished: time to decision is `decided_at - completed_at`. */
  completed_at: Date
  decided_at: Date
  /**
   * The outbox flag: false from the insert until the decision's side effects (queue, audit, teaching) are
   * done and Kafka acknowledged its check.reviewed.v1, then true; the sweeper finishes what a failure left
   * (services/console/src/decisions/settle-decision.ts). The decision itself is never edited; only this flag
   * is raised. Decisions stored before the outbox lack it: they count as published (their event and side
   * effects ran synchronously then), and the outbox, which reads `published: false` only, never sees them.
   */
  published?: boolean
}

/** The dedupe key of a decision's check.reviewed.v1 event (its `_id`): the event carries both parts. */
export const decisionId = (checkId: string, seq: number): string => `${checkId}:${seq}`

/** The append-only decisions of checks. */
export function createCheckDecisionRepository(db: Db) {
  const decisions: Collection<CheckDecisionDocument> = db.collection('check_decisions')

  async function ofCheck(checkId: string): Promise<CheckDecisionDocument[]> {
    return findWith(decisions, consoleQueries.decisionsOfCheck(checkId)).toArray()
  }

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.check_decisions) await decisions.createIndex(index)
    },

    /**
     * Appends a decision after the ones already there, unpublished (the outbox: `markPublished` once Kafka
     * acknowledged its event); null if another landed at the same seq first.
     */
    async append(
      decision: Omit<CheckDecisionDocument, '_id' | 'seq' | 'tenant_day' | 'decided_at' | 'published'>,
      now = new Date(),
    ): Promise<CheckDecisionDocument | null> {
      const seq = (await ofCheck(decision.check_id)).length + 1
      const doc: CheckDecisionDocument = {
        ...decision,
        _id: decisionId(decision.check_id, seq),
        seq,
        tenant_day: tenantDay(decision.tenant_id, now),
        decided_at: now,
        published: false,
      }
      try {
        await decisions.insertOne(doc)
        return doc
      } catch (error) {
        if (isDuplicateKeyError(error)) return null
        throw error
      }
    },

    /** Raises the outbox flag: check.reviewed.v1 of this decision was acknowledged. */
    async markPublished(id: string): Promise<void> {
      await decisions.updateOne({ _id: id }, { $set: { published: true } })
    },

    /** The outbox: decisions still unpublished, decided before `olderThan`, oldest first, `limit` at most. */
    async findUnpublished(olderThan: Date, limit = 100): Promise<CheckDecisionDocument[]> {
      return findWith(decisions, consoleQueries.unpublishedDecisions(olderThan, limit)).toArray()
    },

    /** Erasure: a check's decisions. */
    async eraseCheck(checkId: string): Promise<void> {
      await decisions.deleteMany(consoleErasureQueries.decisionsOfCheck(checkId).filter)
    },

    /** Erasure: a tenant's decisions (also those of checks erased before the console's data was). */
    async eraseTenant(tenantId: string): Promise<void> {
      await decisions.deleteMany(consoleErasureQueries.decisionsOfTenant(tenantId).filter)
    },

    /** A check's decisions, only for its own tenant. */
    async list(tenantId: string, checkId: string): Promise<CheckDecisionDocument[]> {
      return (await ofCheck(checkId)).filter((d) => d.tenant_id === tenantId)
    },

    /** One day of a tenant's decisions (the lead's view). */
    async ofDay(tenantId: string, day: Date): Promise<CheckDecisionDocument[]> {
      return findWith(decisions, consoleQueries.decisionsOfDay(tenantId, day)).toArray()
    },
  }
}

export type CheckDecisionRepository = ReturnType<typeof createCheckDecisionRepository>
