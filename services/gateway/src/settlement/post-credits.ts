import type { CreditLine } from '@rv/schemas'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { createCreditBatchValidator, maxCreditBatchLines } from './credit-batch-validator'

/**
 * Publishes every line of a validated batch, in order, in batches (one send per chunk, not one per line);
 * a bus failure is a retryable 503 (lines are idempotent: a retry applies none twice).
 */
export async function publishCredits(
  deps: GatewayDeps,
  tenantId: string,
  lines: readonly CreditLine[],
  source: 'api' | 'statement',
): Promise<void> {
  const publish = deps.publishCredits
  if (!publish) throw new ApiError(503, 'service_unavailable', { message: 'Settlement is not enabled here.' })
  try {
    await publish(lines.map((credit) => ({ tenant_id: tenantId, source, credit })))
  } catch (cause) {
    throw new ApiError(503, 'service_unavailable', {
      message: 'The event bus is unavailable; retry (lines already accepted are not applied twice).',
      headers: { 'Retry-After': '1' },
      cause,
    })
  }
}

/**
 * POST /v1/credits: a batch of credit lines, validated as a whole (422 `credit_invalid` names the line and
 * nothing is applied), then handed to the settlement service over credit.received.v1. 202: accepted.
 */
export function postCredits(deps: GatewayDeps) {
  const validate = createCreditBatchValidator()
  return async (c: Context<GatewayEnv>) => {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      throw new ApiError(400, 'invalid_request', { message: 'The body must be JSON: { "lines": [...] }.' })
    }
    const lines = (body as { lines?: unknown } | null)?.lines
    if (Array.isArray(lines) && lines.length > maxCreditBatchLines)
      throw new ApiError(413, 'batch_too_large', {
        message: `At most ${maxCreditBatchLines} lines per batch.`,
      })
    const check = validate(body)
    if (!check.ok) {
      const first = check.details[0]
      throw new ApiError(422, 'credit_invalid', {
        message: `The batch is refused, nothing was applied: ${first?.path} ${first?.message}.`,
        details: check.details,
      })
    }
    await publishCredits(deps, c.get('tenant').id, check.lines, 'api')
    return c.json({ accepted: check.lines.length, line_ids: check.lines.map((l) => l.line_id) }, 202)
  }
}
