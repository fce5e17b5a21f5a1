/** The statements target of `npm run fuzz`: hostile statement uploads (scripts/fuzz/statement-inputs.ts). */
import { runSettlementStorm } from './settlement-storm'
import { statementInput } from './statement-inputs'
import type { TargetContext } from './target-context'

export function runStatementsTarget(ctx: TargetContext, count: number, maxLines: number, boundMb: number) {
  const statementContext = {
    key: ctx.tenants.key,
    readOnlyKey: ctx.tenants.readOnlyKey,
    otherTenantLineIds: [...ctx.tenants.otherCredits.keys()],
    maxLines,
    runId: ctx.runId,
  }
  return runSettlementStorm(ctx, 'statements', 1, count, boundMb, (rng, i) =>
    statementInput(rng, statementContext, i),
  )
}
