import { expectationRequirementProblems, pendingRecord, toPostResponse } from '@rv/core'
import type { Logger } from '@rv/logger'
import type { CheckRecord, CheckSubmittedV1 } from '@rv/schemas'
import { tenantFileKey } from '@rv/storage'
import { requestFingerprint } from '@rv/store'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import { createBusBreaker, type PublishOutcome } from '../contract/bus-breaker/bus-breaker'
import type { GatewayDeps } from '../gateway-deps'
import type { GatewayEnv } from '../gateway-env'
import { newCheckId } from '../ulid'
import { createExpectationValidator } from './expectation-validator'
import { pollUntil, preferWaitSeconds } from './prefer-wait'
import { readUpload } from './read-upload'

/** Without configuration: a POST waits 3 s for its publish, and a bus found down is not tried for 5 s. */
const defaultBusGuard = { timeoutMs: 3000, cooldownMs: 5000 }

const isTerminal = (r: CheckRecord | undefined) => r?.status === 'done' || r?.status === 'failed'

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

  async function respond(c: Context<GatewayEnv>, tenantId: string, record: CheckRecord, replayed: boolean) {
    let current = record
    const wait = preferWaitSeconds(c.req.header('prefer'), deps.limits.maxWaitSeconds)
    if (wait !== undefined && !isTerminal(current)) {
      c.header('preference-applied', `wait=${wait}`)
      current =
        (await pollUntil(() => deps.checks.findRecord(tenantId, record.id), isTerminal, {
          timeoutMs: wait * 1000,
          intervalMs: deps.limits.waitPollMs,
          maxIntervalMs: deps.limits.waitPollMaxMs ?? deps.limits.waitPollMs,
        })) ?? current
    }
    if (replayed) c.header('idempotent-replayed', 'true')
    c.header('location', `/v1/checks/${current.id}`)
    return c.json(toPostResponse(current), isTerminal(current) ? 200 : 202)
  }

  /**
   * The one write of a submission. A publish not acknowledged yet leaves the flag down, raised once both
   * the publish and this insert landed; a failed one leaves it to the sweeper. An insert that fails after an
   * acknowledged publish does not fail the request: the check is durable on the bus and runs, and the
   * aggregator's final write stores it, so it is answered 202 like any accepted check (answered 'unstored':
   * no `Prefer: wait` on a store that just failed) and the idempotency key stays bound to it. An insert that
   * fails before the publish landed is a 5xx and releases the key.
   */
  async function storePending(
    record: CheckRecord,
    submission: CheckSubmittedV1,
    outcome: PublishOutcome,
    publishing: Promise<void>,
    log: Logger,
    key: string | null,
  ): Promise<'stored' | 'unstored'> {
    const published = outcome === 'published'
    const inserted = deps.checks.insertPending(
      record,
      submission as unknown as Record<string, unknown>,
      published,
    )
    if (!published) {
      if (outcome === 'pending')
        log.warn('check.submitted.v1 not yet acknowledged; answering', { check_id: record.id })
      Promise.all([publishing, inserted])
        .then(() => deps.checks.markPublished(record.id))
        .catch((error: unknown) =>
          log.warn('check.submitted.v1 not published or not flagged; left to the sweeper', {
            check_id: record.id,
            err: error,
          }),
        )
    }
    try {
      await inserted
      return 'stored'
    } catch (error) {
      if (published) {
        log.error('check published but its pending record not stored; the aggregator stores it', {
          check_id: record.id,
          err: error,
        })
        return 'unstored'
      }
      if (key !== null) await deps.idempotency.release(record.tenant_id, key, record.id)
      throw error
    }
  }

  return async (c: Context<GatewayEnv>) => {
    const tenant = c.get('tenant')
    const log = c.get('logger')
    const upload = readUpload(c.get('form'))
    const expectation = validateExpectation(upload.expectationText)
    if (!expectation.ok) {
      throw new ApiError(422, 'expectation_invalid', {
        message: 'The expectation part is not valid.',
        param: 'expectation',
        details: expectation.details,
      })
    }
    // Before anything is stored (idempotency key, file, record): a refused submission leaves no trace.
    const pinned = await deps.pinProfile?.(tenant.id)
    const required = pinned ? expectationRequirementProblems(expectation.value, pinned) : []
    if (required.length > 0) {
      throw new ApiError(422, 'expectation_invalid', {
        message: 'The expectation lacks members the verification profile requires.',
        param: 'expectation',
        details: required,
      })
    }
    const profile = pinned
      ? { name: pinned.name, version: pinned.version }
      : (tenant.profile ?? deps.defaultProfile)

    // The bus known down: refuse now rather than store a check nobody can move on (see bus-breaker.ts).
    bus.assertAvailable()
    const sha256 = upload.sha256
    const checkId = makeId()
    const key = c.get('idempotencyKey')
    if (key !== null) {
      const fingerprint = requestFingerprint({
        fileSha256: sha256,
        expectation: upload.expectationText ?? '',
        filename: upload.filename,
      })
      const claim = await deps.idempotency.claim({ tenantId: tenant.id, key, fingerprint, checkId })
      if (claim.outcome === 'conflict') {
        throw new ApiError(409, 'idempotency_key_reused', {
          message: 'This idempotency key was used with a different request.',
          param: 'idempotency-key',
        })
      }
      if (claim.outcome === 'replayed') {
        // The first request may still be between its claim and its record write.
        const earlier = await pollUntil(
          () => deps.checks.findRecord(tenant.id, claim.checkId),
          (r) => r !== undefined,
          { timeoutMs: 5000, intervalMs: 50 },
        )
        if (!earlier) {
          throw new ApiError(409, 'idempotency_request_in_progress', {
            message: 'A request with this idempotency key is still being processed.',
            retryable: true,
            param: 'idempotency-key',
          })
        }
        log.info('idempotent replay', { check_id: earlier.id })
        return respond(c, tenant.id, earlier, true)
      }
    }

    const createdAt = now().toISOString()
    const fileKey = tenantFileKey(tenant.id, checkId, sha256)
    try {
      await deps.storage.put(fileKey, upload.bytes, upload.contentType)
    } catch (error) {
      if (key !== null) await deps.idempotency.release(tenant.id, key, checkId)
      throw new ApiError(503, 'storage_unavailable', {
        message: 'The file could not be stored; retry.',
        retryable: true,
        cause: error,
      })
    }
    const submission: CheckSubmittedV1 = {
      check_id: checkId,
      tenant_id: tenant.id,
      created_at: createdAt,
      file: {
        bucket: deps.storage.bucket,
        key: fileKey,
        sha256,
        size: upload.bytes.byteLength,
        content_type: upload.contentType,
        filename: upload.filename,
      },
      expectation: expectation.value,
      profile,
      mode: upload.kind,
    }
    const record = pendingRecord({
      checkId,
      tenantId: tenant.id,
      createdAt,
      orderRef: expectation.value.order_ref ?? null,
      profile,
      mode: upload.kind,
    })
    const publishing = deps.publishSubmitted(submission, c.get('requestId'))
    const outcome = await bus.watch(publishing)
    const stored = await storePending(record, submission, outcome, publishing, log, key)
    log.info('check accepted', { check_id: checkId, size: upload.bytes.byteLength })
    if (stored === 'unstored') {
      c.header('location', `/v1/checks/${checkId}`)
      return c.json(toPostResponse(record), 202)
    }
    return respond(c, tenant.id, record, false)
  }
}
