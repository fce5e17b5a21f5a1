import { settlementQueries } from '../settlement-queries'
import { findOneWith } from '../store-queries'
import {
  type CreditDocument,
  creditId,
  insertOnce,
  type JoinLookup,
  lookupJoinCandidates,
  type SettlementCollections,
  storedCredit,
} from './settlement-documents'

/** A tenant's credit lines (`credits`), each stored once per line id. */
export function createSettlementCredits({ credits }: SettlementCollections) {
  return {
    /** Stores a credit line once per (tenant, line id); a repeat returns the line first stored. */
    async putCredit(
      doc: Omit<CreditDocument, '_id' | 'received_hour'>,
    ): Promise<{ doc: CreditDocument; created: boolean }> {
      const full = storedCredit(doc)
      const stored = await insertOnce(credits, full)
      return { doc: stored, created: stored === full }
    },

    findCredit: (tenantId: string, lineId: string) =>
      findOneWith(credits, settlementQueries.byId('credits', creditId(tenantId, lineId))),

    /** Credits of a tenant that may join a check with these keys (claimed ones included). */
    creditCandidates: (tenantId: string, keys: JoinLookup) =>
      lookupJoinCandidates(credits, 'credits', tenantId, keys),
  }
}
