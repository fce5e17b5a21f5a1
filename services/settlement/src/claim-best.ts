/**
 * The claim loop both sides share: rank the pairs still free, claim the best, and when another join took it
 * meanwhile (a concurrent replica), rank again without it — a bounded number of times.
 */
import { bestJoin, type CheckKeys, type CreditKeys } from '@rv/core/settlement'
import type { SettlementClaim } from '@rv/store'

const maxClaimAttempts = 5

export interface ClaimPair<T> {
  check: CheckKeys
  credit: CreditKeys
  value: T
}

/** The value claimed and how the claim ended ('claimed' or 'check_taken'), or undefined when none joined. */
export async function claimBest<T>(
  freePairs: (refused: ReadonlySet<string>) => Promise<ClaimPair<T>[]>,
  options: { idOf: (value: T) => string; windowMs: number; claim: (value: T) => Promise<SettlementClaim> },
): Promise<{ value: T; result: Exclude<SettlementClaim, 'credit_taken'> } | undefined> {
  const refused = new Set<string>()
  for (let attempt = 0; attempt < maxClaimAttempts; attempt++) {
    const best = bestJoin(await freePairs(refused), options.windowMs)
    if (!best) return undefined
    const result = await options.claim(best.value)
    if (result !== 'credit_taken') return { value: best.value, result }
    refused.add(options.idOf(best.value))
  }
  return undefined
}
