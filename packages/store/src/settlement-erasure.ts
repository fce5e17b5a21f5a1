import { createHash } from 'node:crypto'
import type { Collection, Db, IndexSpecification } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'
import type { CreditDocument, SettlementDocument } from './settlement-repository'
import { findOneWith, type StoreQuery } from './store-queries'

/** What is left of an erased credit line: its tenant, a digest of its line id and when; nothing else. */
export interface CreditTombstoneDocument {
  /** `<tenant>:<SHA-256 of the line id>`: a bank's line id may hold an account or a document number. */
  _id: string
  tenant_id: string
  reason: 'retention' | 'erasure'
  erased_at: Date
}

interface ClaimDocument {
  _id: string
  tenant_id: string
  check_id: string
  line_id: string
}

/** The indexes the erasure's filters use (docs/data-retention.md): every one an equality on the tenant. */
export const settlementErasureIndexes = {
  credits: [{ tenant_id: 1, received_hour: 1 }],
  settlement_claims: [{ tenant_id: 1 }],
  credit_tombstones: [{ tenant_id: 1 }],
} as const satisfies Record<string, IndexSpecification[]>

const creditTombstoneId = (tenantId: string, lineId: string): string =>
  `${tenantId}:${createHash('sha256').update(lineId).digest('hex')}`

export const settlementErasureQueries = {
  /** The retention sweeper: a tenant's credits received in one hour bucket (as checks are swept). */
  creditsReceivedInHour: (tenantId: string, hour: string): StoreQuery => ({
    collection: 'credits',
    filter: { tenant_id: tenantId, received_hour: hour },
    index: settlementErasureIndexes.credits[0],
  }),
  creditTombstone: (tenantId: string, lineId: string): StoreQuery => ({
    collection: 'credit_tombstones',
    filter: { _id: creditTombstoneId(tenantId, lineId) },
    index: { _id: 1 },
  }),
}

/**
 * What settlement holds of a check or a tenant, erased (docs/data-retention.md): the check's settlement
 * document (it embeds the joined credit line), both claims of the pair, and the credit line it joined — the
 * payer's name, account and purpose. The erased line leaves a tombstone (`credit_tombstones`) so that a
 * credit.received.v1 of it redelivered or re-posted later does not bring it back; a tenant's erasure takes
 * every credit, settlement, claim and tombstone of the tenant. Unjoined credits go with the tenant's
 * retention, by the hour they were received.
 */
export function createSettlementErasure(db: Db) {
  const credits: Collection<CreditDocument> = db.collection<CreditDocument>('credits')
  const settlements: Collection<SettlementDocument> = db.collection<SettlementDocument>('settlements')
  const claims: Collection<ClaimDocument> = db.collection<ClaimDocument>('settlement_claims')
  const tombstones: Collection<CreditTombstoneDocument> = db.collection('credit_tombstones')

  async function buryCredit(tenantId: string, lineId: string, now: Date): Promise<void> {
    try {
      await tombstones.insertOne({
        _id: creditTombstoneId(tenantId, lineId),
        tenant_id: tenantId,
        reason: 'erasure',
        erased_at: now,
      })
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
    }
  }

  return {
    async ensureIndexes(): Promise<void> {
      for (const [name, indexes] of Object.entries(settlementErasureIndexes))
        for (const index of indexes) await db.collection(name).createIndex(index)
    },

    /**
     * Erases the check's settlement, its claims and the credit line it joined. Order: the line's tombstone
     * first, the check's claim (which names the line) after the line, so a run cut short finds the line again.
     */
    async eraseCheck(tenantId: string, checkId: string, now = new Date()): Promise<void> {
      const checkClaim = `${tenantId}:check:${checkId}`
      const claim = await findOneWith(claims, {
        collection: 'settlement_claims',
        filter: { _id: checkClaim },
        index: { _id: 1 },
      })
      const lineId = claim?.line_id
      if (lineId !== undefined) {
        await buryCredit(tenantId, lineId, now)
        await credits.deleteOne({ _id: `${tenantId}:${lineId}` })
        await claims.deleteOne({ _id: `${tenantId}:line:${lineId}`, check_id: checkId })
      }
      await claims.deleteOne({ _id: checkClaim })
      await settlements.deleteOne({ _id: `${tenantId}:${checkId}` })
    },

    /** Takes back a credit line the settlement consumer stored after the line was erased. */
    async eraseCredit(tenantId: string, lineId: string): Promise<void> {
      await credits.deleteOne({ _id: `${tenantId}:${lineId}` })
    },

    /** Erases every credit, settlement, claim and credit tombstone of the tenant. */
    async eraseTenant(tenantId: string): Promise<void> {
      await settlements.deleteMany({ tenant_id: tenantId })
      await claims.deleteMany({ tenant_id: tenantId })
      await credits.deleteMany({ tenant_id: tenantId })
      await tombstones.deleteMany({ tenant_id: tenantId })
    },

    /** The retention sweeper: the tenant's credits received in an hour wholly past its retention. */
    async eraseCreditsReceivedInHour(tenantId: string, hour: string): Promise<number> {
      const result = await credits.deleteMany(
        settlementErasureQueries.creditsReceivedInHour(tenantId, hour).filter,
      )
      return result.deletedCount
    },

    /** Whether the tenant's credit line was erased (settlement drops a redelivery of it). */
    async isCreditErased(tenantId: string, lineId: string): Promise<boolean> {
      return (
        (await findOneWith(tombstones, settlementErasureQueries.creditTombstone(tenantId, lineId))) !== null
      )
    },
  }
}

export type SettlementErasure = ReturnType<typeof createSettlementErasure>
