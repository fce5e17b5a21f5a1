import type { Db } from 'mongodb'
import { createSettlementClaims } from './settlement/settlement-claims'
import { createSettlementCredits } from './settlement/settlement-credits'
import { openSettlementCollections } from './settlement/settlement-documents'

export { storedCredit } from './settlement/settlement-documents'

import { createSettlementRecords } from './settlement/settlement-records'
import { settlementIndexes } from './settlement-queries'

export type {
  CreditDocument,
  JoinKeyFields,
  JoinLookup,
  SettlementClaim,
  SettlementCollections,
  SettlementDocument,
} from './settlement/settlement-documents'

/**
 * Credits, settlements and the claims joining them, one repository per collection in `settlement/`
 * (why claims are documents: `settlement-documents.ts`), composed into the one the settlement service takes.
 */
export function createSettlementRepository(db: Db) {
  const ctx = openSettlementCollections(db)
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of settlementIndexes.credits) await ctx.credits.createIndex(index)
      for (const index of settlementIndexes.settlements) await ctx.settlements.createIndex(index)
    },
    ...createSettlementCredits(ctx),
    ...createSettlementRecords(ctx),
    ...createSettlementClaims(ctx),
  }
}

export type SettlementRepository = ReturnType<typeof createSettlementRepository>
