/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { CheckRecord } from '../check-record'

/**
 * Value of topic check.completed.v1 (aggregator -> downstream subscribers): the finished check record, exactly as stored, with status done or failed. Key: the check id.
 */
export type CheckCompletedV1 = CheckRecord
