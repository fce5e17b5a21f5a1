import type { ErrorBlock } from '@rv/schemas'
import { type CheckErrorCode, checkErrorCodes } from '../../vocabulary/error-codes'

/**
 * The record's error block for a stage that gave up: a documented code keeps its own message; anything
 * else (a plumbing code such as `invalid_event`) is reported as `stage_failed` naming the stage.
 *
 * @example
 * stageErrorBlock('extraction', 'storage_unavailable') // { code: 'storage_unavailable', ... }
 */
export function stageErrorBlock(stage: string, code: string): ErrorBlock {
  if (code in checkErrorCodes) {
    const known = checkErrorCodes[code as CheckErrorCode]
    return { code, message: known.message, retryable: known.retryable }
  }
  return {
    code: 'stage_failed',
    message: `The ${stage} stage failed (${code}).`,
    retryable: checkErrorCodes.stage_failed.retryable,
  }
}
