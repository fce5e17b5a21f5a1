import { settlementQueries } from '../settlement-queries'
import { findOneWith } from '../store-queries'
import {
  checkClaimId,
  insertOnce,
  lineClaimId,
  type SettlementClaim,
  type SettlementCollections,
} from './settlement-documents'

/** The claims joining a check and a credit line (`settlement_claims`), each side at most once. */
export function createSettlementClaims({ claims }: SettlementCollections) {
  return {
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
