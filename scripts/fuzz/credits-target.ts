/** The credits target of `npm run fuzz`: hostile credit batches and settlement reads (scripts/fuzz/credit-inputs.ts). */
import { creditInput } from './credit-inputs'
import { runSettlementStorm } from './settlement-storm'
import type { TargetContext } from './target-context'

export function runCreditsTarget(ctx: TargetContext, count: number, boundMb: number) {
  const creditContext = {
    key: ctx.tenants.key,
    readOnlyKey: ctx.tenants.readOnlyKey,
    otherTenantLineIds: [...ctx.tenants.otherCredits.keys()],
    otherTenantCheckId: ctx.tenants.otherCheckId,
    runId: ctx.runId,
  }
  return runSettlementStorm(ctx, 'credits', 2, count, boundMb, (rng, i) => creditInput(rng, creditContext, i))
}
