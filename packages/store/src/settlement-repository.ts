import type { CreditLine, Settlement } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'
import { settlementIndexes, settlementQueries } from './settlement-queries'
import { findOneWith, findWith, hourBucket } from './store-queries'

/** The join keys both sides are stored under (normalised by core's `creditKeys` / `checkKeys`). */
export interface JoinKeyFields {
  tenant_id: string
  sbp_id: string | null
  operation_number: string | null
  amount_minor: number
  /** The Moscow day the time falls on (a `day` credit: its day). */
  day: string
}

/** A credit line of a tenant, stored once per line id (`_id` `<tenant>:<line id>`). */
export interface CreditDocument extends JoinKeyFields {
  _id: string
  line_id: string
  credit: CreditLine
  received_at: Date
  /** The hour bucket of `received_at`: the retention sweeper's equality (absent on credits stored before it). */
  received_hour?: string
}

/** A finished check waiting for, or joined with, its credit (`_id` `<tenant>:<check id>`). */
export interface SettlementDocument extends JoinKeyFields {
  _id: string
  check_id: string
  /** What the join needs of the check (the record's fields, its own recommendation, its profile). */
  check: {
    amount: number
    currency: string
    paid_at: string
    payer_name: string | null
    created_at: string
    recommendation: 'accept' | 'review' | 'reject'
    reasons: string[]
    profile: { name: string; version: number }
  }
  settlement: Settlement | null
  /** True while no credit is joined and the profile's wait runs: the sweeper's flag. */
  awaiting: boolean
  due_at: Date | null
  /** True while no credit is joined: a credit arriving may still join it. */
  open: boolean
}

/** `<tenant>:line:<line id>` holds the check a credit is used by; `<tenant>:check:<check id>` the reverse. */
interface ClaimDocument {
  _id: string
  tenant_id: string
  check_id: string
  line_id: string
}

const creditId = (tenantId: string, lineId: string) => `${tenantId}:${lineId}`
const settlementId = (tenantId: string, checkId: string) => `${tenantId}:${checkId}`
const lineClaimId = (tenantId: string, lineId: string) => `${tenantId}:line:${lineId}`
const checkClaimId = (tenantId: string, checkId: string) => `${tenantId}:check:${checkId}`

/** The keys one side is looked up by: each present key is one indexed equality (a query per day). */
export interface JoinLookup {
  sbpId: string | null
  operationNumber: string | null
  amountMinor: number
  days: readonly string[]
}

export type SettlementClaim = 'claimed' | 'check_taken' | 'credit_taken'

/**
 * Credits, settlements and the claims joining them. FerretDB v1 has no transactions and applies an update
 * by replacing the document, so "a credit is used by at most one check" is not an update's condition but a
 * unique insert: the claim of a credit (`line`) and of a check (`check`) are documents keyed by `_id`; the
 * first insert wins and a repeat of the same pair finds its own claim (redelivery after a crash).
 */
export function createSettlementRepository(db: Db) {
  const credits: Collection<CreditDocument> = db.collection<CreditDocument>('credits')
  const settlements: Collection<SettlementDocument> = db.collection<SettlementDocument>('settlements')
  const claims: Collection<ClaimDocument> = db.collection<ClaimDocument>('settlement_claims')

  async function insertOnce<T extends { _id: string }>(collection: Collection<T>, doc: T): Promise<T> {
    try {
      await collection.insertOne(doc as never)
      return doc
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      const found = await findOneWith(
        collection,
        settlementQueries.byId(collection.collectionName as 'credits', doc._id),
      )
      if (!found) throw error
      return found as unknown as T
    }
  }

  /** Candidates of one side by the three keys, each lookup an indexed equality; deduplicated by `_id`. */
  async function lookup<T extends { _id: string }>(
    collection: Collection<T>,
    side: 'credits' | 'settlements',
    tenantId: string,
    keys: JoinLookup,
  ): Promise<T[]> {
    const queries = [
      ...(keys.sbpId ? [settlementQueries.bySbpId(side, tenantId, keys.sbpId)] : []),
      ...(keys.operationNumber
        ? [settlementQueries.byOperationNumber(side, tenantId, keys.operationNumber)]
        : []),
      ...keys.days.map((day) => settlementQueries.byAmountDay(side, tenantId, keys.amountMinor, day)),
    ]
    const found = new Map<string, T>()
    for (const query of queries)
      for (const doc of await findWith(collection, query).toArray()) found.set(doc._id, doc as unknown as T)
    return [...found.values()].sort((a, b) => a._id.localeCompare(b._id))
  }

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of settlementIndexes.credits) await credits.createIndex(index)
      for (const index of settlementIndexes.settlements) await settlements.createIndex(index)
    },

    /** Stores a credit line once per (tenant, line id); a repeat returns the line first stored. */
    async putCredit(
      doc: Omit<CreditDocument, '_id' | 'received_hour'>,
    ): Promise<{ doc: CreditDocument; created: boolean }> {
      const full = {
        ...doc,
        _id: creditId(doc.tenant_id, doc.line_id),
        received_hour: hourBucket(doc.received_at),
      }
      const stored = await insertOnce(credits, full)
      return { doc: stored, created: stored === full }
    },

    findCredit: (tenantId: string, lineId: string) =>
      findOneWith(credits, settlementQueries.byId('credits', creditId(tenantId, lineId))),

    /** Credits of a tenant that may join a check with these keys (claimed ones included). */
    creditCandidates: (tenantId: string, keys: JoinLookup) => lookup(credits, 'credits', tenantId, keys),

    /** Stores a finished check's settlement document once; a repeat returns the stored one. */
    async putSettlement(doc: Omit<SettlementDocument, '_id'>): Promise<SettlementDocument> {
      return insertOnce(settlements, { ...doc, _id: settlementId(doc.tenant_id, doc.check_id) })
    },

    findSettlement: (tenantId: string, checkId: string) =>
      findOneWith(settlements, settlementQueries.byId('settlements', settlementId(tenantId, checkId))),

    /** Open settlements of a tenant that may join a credit with these keys. */
    async openSettlementCandidates(tenantId: string, keys: JoinLookup): Promise<SettlementDocument[]> {
      return (await lookup(settlements, 'settlements', tenantId, keys)).filter((s) => s.open)
    },

    /** Writes the settlement outcome (the only update of the document; its single writer is the join). */
    async saveOutcome(tenantId: string, checkId: string, settlement: Settlement): Promise<void> {
      const joined = settlement.credit !== null
      await settlements.updateOne(
        { _id: settlementId(tenantId, checkId) },
        {
          $set: {
            settlement,
            open: !joined,
            awaiting: settlement.status === 'awaiting',
            due_at: settlement.due_at ? new Date(settlement.due_at) : null,
          },
        },
      )
    },

    /** Sweeper: awaited settlements whose wait ran out. */
    due: (now: Date, limit: number) => findWith(settlements, settlementQueries.due(now, limit)).toArray(),

    /** The line a check has claimed, if any. */
    async claimOfCheck(tenantId: string, checkId: string): Promise<string | undefined> {
      const claim = await findOneWith(
        claims,
        settlementQueries.byId('settlement_claims', checkClaimId(tenantId, checkId)),
      )
      return claim?.line_id
    },

    /** The check a credit line is used by, if any. */
    async claimOfLine(tenantId: string, lineId: string): Promise<string | undefined> {
      const claim = await findOneWith(
        claims,
        settlementQueries.byId('settlement_claims', lineClaimId(tenantId, lineId)),
      )
      return claim?.check_id
    },

    /**
     * Undoes a join so a stronger one may take the line (docs/settlement.md, "A stronger match"): the
     * check's claim first, then the line's, each only while it still names the pair.
     */
    async release(tenantId: string, checkId: string, lineId: string): Promise<void> {
      await claims.deleteOne({ _id: checkClaimId(tenantId, checkId), line_id: lineId })
      await claims.deleteOne({ _id: lineClaimId(tenantId, lineId), check_id: checkId })
    },

    /**
     * Joins a check and a credit line, each at most once: the check's claim first, then the line's; a line
     * already used by another check releases the check's claim. Repeating a claim that succeeded (or half
     * succeeded before a crash) completes it.
     */
    async claim(tenantId: string, checkId: string, lineId: string): Promise<SettlementClaim> {
      const pair = { tenant_id: tenantId, check_id: checkId, line_id: lineId }
      const byCheck = await insertOnce(claims, { _id: checkClaimId(tenantId, checkId), ...pair })
      if (byCheck.line_id !== lineId) return 'check_taken'
      const byLine = await insertOnce(claims, { _id: lineClaimId(tenantId, lineId), ...pair })
      if (byLine.check_id === checkId) return 'claimed'
      await claims.deleteOne({ _id: checkClaimId(tenantId, checkId), line_id: lineId })
      return 'credit_taken'
    },
  }
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>
