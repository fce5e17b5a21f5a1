import { pendingRecord, toPostResponse } from '@rv/core'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { tenantFileKey } from '@rv/storage'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import { createBusBreaker } from '../contract/bus-breaker/bus-breaker'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { newCheckId } from '../ulid'
import { createExpectationValidator } from './expectation-validator'
import { readUpload, type Upload } from './read-upload'
import { storePending } from './store-pending'
import { type AcceptedExpectation, acceptExpectation } from './submit-expectation'
import { claimIdempotencyKey } from './submit-idempotency'
import { respondSubmitted } from './submit-response'

/** Without configuration: a POST waits 3 s for its publish, and a bus found down is not tried for 5 s. */
const defaultBusGuard = { timeoutMs: 3000, cooldownMs: 5000 }

/**
 * POST /v1/checks: store the file, publish check.submitted.v1, write the pending record — one insert, its
 * outbox flag up when the publish was acknowledged (the usual case), down when it failed or had not landed
 * within the bounded wait (then raised when it lands, or left to the aggregator's sweeper). 202 with the
 * pending record, or 200 with the finished one when `Prefer: wait=N` was enough. An idempotency key
 * replays the first request's check; reused for another request it is a 409.
 *
 * Publishing first is safe because the aggregator needs no stored check to run one: results arriving
 * before the insert are stored in their slots, and a check whose insert never came (the store failed after
 * the publish, or the gateway died) is created by the aggregator's final write (docs/store.md).
 */
export function submitCheck(deps: GatewayDeps) {
  const validateExpectation = createExpectationValidator()
  const now = deps.now ?? (() => new Date())
  const makeId = deps.newCheckId ?? (() => newCheckId(now().getTime()))
  const bus = createBusBreaker(deps.bus ?? defaultBusGuard)

  return async (c: Context<GatewayEnv>) => {
    const tenant = c.get('tenant')
    const log = c.get('logger')
    const upload = readUpload(c.get('form'))
    // Before anything is stored (idempotency key, file, record): a refused submission leaves no trace.
    const accepted = await acceptExpectation(deps, validateExpectation, tenant, upload.expectationText)
    // The bus known down: refuse now rather than store a check nobody can move on (see bus-breaker.ts).
    bus.assertAvailable()
    const checkId = makeId()
    const key = c.get('idempotencyKey')
    const earlier = await claimIdempotencyKey(deps, { tenantId: tenant.id, key, checkId, upload })
    if (earlier) {
      log.info('idempotent replay', { check_id: earlier.id })
      return respondSubmitted(deps, c, tenant.id, earlier, true)
    }

    const createdAt = now().toISOString()
    const fileKey = await storeFile(deps, { tenantId: tenant.id, key, checkId, upload })
    const { submission, record } = submissionOf(
      { checkId, tenantId: tenant.id, createdAt, fileKey },
      deps,
      upload,
      accepted,
    )
    const publishing = deps.publishSubmitted(submission, c.get('requestId'))
    const outcome = await bus.watch(publishing)
    const stored = await storePending(deps, { record, submission, outcome, publishing, key }, log)
    log.info('check accepted', { check_id: checkId, size: upload.bytes.byteLength })
    if (stored === 'unstored') {
      c.header('location', `/v1/checks/${checkId}`)
      return c.json(toPostResponse(record), 202)
    }
    return respondSubmitted(deps, c, tenant.id, record, false)
  }
}

/** The uploaded bytes under the check's key; a failed put releases the idempotency key (503, retryable). */
async function storeFile(
  deps: Pick<GatewayDeps, 'storage' | 'idempotency'>,
  request: { tenantId: string; key: string | null; checkId: string; upload: Upload },
): Promise<string> {
  const { tenantId, key, checkId, upload } = request
  const fileKey = tenantFileKey(tenantId, checkId, upload.sha256)
  try {
    await deps.storage.put(fileKey, upload.bytes, upload.contentType)
  } catch (error) {
    if (key !== null) await deps.idempotency.release(tenantId, key, checkId)
    throw new ApiError(503, 'storage_unavailable', {
      message: 'The file could not be stored; retry.',
      retryable: true,
      cause: error,
    })
  }
  return fileKey
}

/** The event published and the pending record stored for one accepted submission. */
function submissionOf(
  ids: { checkId: string; tenantId: string; createdAt: string; fileKey: string },
  deps: Pick<GatewayDeps, 'storage'>,
  upload: Upload,
  { expectation, profile }: AcceptedExpectation,
): { submission: CheckSubmittedV1; record: CheckRecord } {
  const { checkId, tenantId, createdAt } = ids
  const submission: CheckSubmittedV1 = {
    check_id: checkId,
    tenant_id: tenantId,
    created_at: createdAt,
    file: {
      bucket: deps.storage.bucket,
      key: ids.fileKey,
      sha256: upload.sha256,
      size: upload.bytes.byteLength,
      content_type: upload.contentType,
      filename: upload.filename,
    },
    expectation,
    profile,
    mode: upload.kind,
  }
  const record = pendingRecord({
    checkId,
    tenantId,
    createdAt,
    orderRef: expectation.order_ref ?? null,
    profile,
    mode: upload.kind,
  })
  return { submission, record }
}
