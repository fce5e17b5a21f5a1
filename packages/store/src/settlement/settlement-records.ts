import type { Settlement } from '@rv/schemas'
import { settlementQueries } from '../settlement-queries'
import { findOneWith, findWith } from '../store-queries'
import {
  insertOnce,
  type JoinLookup,
  lookupJoinCandidates,
  type SettlementCollections,
  type SettlementDocument,
  settlementId,
} from './settlement-documents'

/** Finished checks waiting for, or joined with, their credit (`settlements`). */
export function createSettlementRecords({ settlements }: SettlementCollections) {
  return {
    /**
     * Stores a finished check's settlement document once; a repeat returns the stored one. `created`: this
     * call stored it (nothing can have joined it before: a claim needs the document).
     */
    async putSettlement(
      doc: Omit<SettlementDocument, '_id'>,
    ): Promise<{ doc: SettlementDocument; created: boolean }> {
      const full = { ...doc, _id: settlementId(doc.tenant_id, doc.check_id) }
      const stored = await insertOnce(settlements, full)
      return { doc: stored, created: stored === full }
    },

    findSettlement: (tenantId: string, checkId: string) =>
      findOneWith(settlements, settlementQueries.byId('settlements', settlementId(tenantId, checkId))),

    /** Open settlements of a tenant that may join a credit with these keys. */
    async openSettlementCandidates(tenantId: string, keys: JoinLookup): Promise<SettlementDocument[]> {
      return (await lookupJoinCandidates(settlements, 'settlements', tenantId, keys)).filter((s) => s.open)
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
  }
}
