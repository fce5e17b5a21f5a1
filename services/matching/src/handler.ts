/** check.extracted.v1 -> check.matched.v1: compare the extracted fields with the client's expectation. */
import type { MatchOptions } from '@rv/core/match'
import type { CheckExtractedV1, CheckMatchedV1, Expectation, MatchFlags, ReceiptFields } from '@rv/schemas'

export interface MatchingDeps {
  matchExpectation: (fields: ReceiptFields, expectation: Expectation, options?: MatchOptions) => MatchFlags
  /** Matching options of the check's pinned profile. */
  optionsFor: (tenantId: string, profile: { name: string; version: number }) => Promise<MatchOptions>
}

export async function handleExtracted(
  event: CheckExtractedV1,
  deps: MatchingDeps,
): Promise<CheckMatchedV1 | null> {
  if (event.extraction === null || event.error) return null
  const { expectation, profile } = event.submission
  return {
    check_id: event.check_id,
    tenant_id: event.tenant_id,
    match: deps.matchExpectation(
      event.extraction.fields,
      expectation,
      await deps.optionsFor(event.tenant_id, profile),
    ),
  }
}
