/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { ErrorBlock, MatchFlags } from '../check-record'

/**
 * Value of topic check.matched.v1 (matching -> aggregator). On a permanent failure `error` is present and `match` carries nulls. Key: the check id.
 */
export interface CheckMatchedV1 {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  check_id: string
  tenant_id: string
  match: MatchFlags
  error?: ErrorBlock
}