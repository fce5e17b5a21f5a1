/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { ErrorBlock, ReplayResult } from '../check-record'

/**
 * Value of topic check.replay-checked.v1 (replay -> aggregator). On a permanent failure `error` is present and `replay` carries nulls. Key: the check id.
 */
export interface CheckReplayCheckedV1 {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  check_id: string
  tenant_id: string
  replay: ReplayResult
  /**
   * Stable reason codes behind the replay judgement.
   */
  reasons: string[]
  error?: ErrorBlock
}