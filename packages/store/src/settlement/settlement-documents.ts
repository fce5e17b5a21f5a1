import type { CreditLine, Settlement } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import { settlementQueries } from '../settlement-queries'
import { findOneWith, findWith, hourBucket } from '../store-queries'

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
export interface ClaimDocument {
  _id: string
  tenant_id: string
  check_id: string
  line_id: string
}

export const creditId = (tenantId: string, lineId: string) => `${tenantId}:${lineId}`

/** A credit line as `credits` stores it: its id and the hour bucket the retention sweeper reads added. */
export function storedCredit(doc: Omit<CreditDocument, '_id' | 'received_hour'>): CreditDocument {
  return { ...doc, _id: creditId(doc.tenant_id, doc.line_id), received_hour: hourBucket(doc.received_at) }
}
export const settlementId = (tenantId: string, checkId: string) => `${tenantId}:${checkId}`
export const lineClaimId = (tenantId: string, lineId: string) => `${tenantId}:line:${lineId}`
export const checkClaimId = (tenantId: string, checkId: string) => `${tenantId}:check:${checkId}`

/** The keys one side is looked up by: each present key is one indexed equality (a query per day). */
export interface JoinLookup {
  sbpId: string | null
  operationNumber: string | null
  amountMinor: number
  days: readonly string[]
}

export type SettlementClaim = 'claimed' | 'check_taken' | 'credit_taken'

/**
 * The three collections of settlement: credits, settlements and the claims joining them. FerretDB v1 has no
 * transactions and applies an update by replacing the document, so "a credit is used by at most one check"
 * is not an update's condition but a unique insert: the claim of a credit (`line`) and of a check (`check`)
 * are documents keyed by `_id`; the first insert wins and a repeat of the same pair finds its own claim
 * (redelivery after a crash).
 */
export interface SettlementCollections {
  credits: Collection<CreditDocument>
  settlements: Collection<SettlementDocument>
  claims: Collection<ClaimDocument>
}

export function openSettlementCollections(db: Db): SettlementCollections {
  return {
    credits: db.collection<CreditDocument>('credits'),
    settlements: db.collection<SettlementDocument>('settlements'),
    claims: db.collection<ClaimDocument>('settlement_claims'),
  }
}

/** Times a refused insert whose holder was deleted before it could be read is tried again. */
const insertAttempts = 3

/**
 * Inserts `doc` once: a repeat of its `_id` returns the document first stored. A holder deleted between the
 * refusal and the read (a claim released by a concurrent join: settlement-claims.ts) leaves the `_id` free,
 * so the insert is tried again — as if it had come after the delete.
 */
export async function insertOnce<T extends { _id: string }>(collection: Collection<T>, doc: T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      await collection.insertOne(doc as never)
      return doc
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      const found = await findOneWith(
        collection,
        settlementQueries.byId(collection.collectionName as 'credits', doc._id),
      )
      if (found) return found as unknown as T
      if (attempt >= insertAttempts) throw error
    }
  }
}

/** Candidates of one side by the three keys, each lookup an indexed equality; deduplicated by `_id`. */
export async function lookupJoinCandidates<T extends { _id: string }>(
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
