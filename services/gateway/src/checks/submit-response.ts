/**
 * The answer to POST /v1/checks: 202 with the pending record, or 200 with the finished one when
 * `Prefer: wait=N` was enough (polled at the configured interval); `location` always, and
 * `idempotent-replayed` when the record is an earlier request's.
 */

import { toPostResponse } from '@rv/core'
import { isTerminal } from '@rv/core/vocabulary'
import type { CheckRecord } from '@rv/schemas'
import type { Context } from 'hono'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { pollUntil, preferWaitSeconds } from './prefer-wait'

const isFinished = (r: CheckRecord | undefined) => isTerminal(r?.status)

export async function respondSubmitted(
  deps: Pick<GatewayDeps, 'checks' | 'limits'>,
  c: Context<GatewayEnv>,
  tenantId: string,
  record: CheckRecord,
  replayed: boolean,
) {
  let current = record
  const wait = preferWaitSeconds(c.req.header('prefer'), deps.limits.maxWaitSeconds)
  if (wait !== undefined && !isFinished(current)) {
    c.header('preference-applied', `wait=${wait}`)
    current =
      (await pollUntil(() => deps.checks.findRecord(tenantId, record.id), isFinished, {
        timeoutMs: wait * 1000,
        intervalMs: deps.limits.waitPollMs,
        maxIntervalMs: deps.limits.waitPollMaxMs ?? deps.limits.waitPollMs,
      })) ?? current
  }
  if (replayed) c.header('idempotent-replayed', 'true')
  c.header('location', `/v1/checks/${current.id}`)
  return c.json(toPostResponse(current), isFinished(current) ? 200 : 202)
}
