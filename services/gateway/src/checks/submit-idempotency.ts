/**
 * The idempotency key of a submission: claimed for this request's fingerprint (file hash, expectation,
 * filename). Reused with a different request it is a 409; reused with the same one it replays the first
 * request's check, waiting up to 5 s for that request to write its record (409, retryable, if it has not).
 */
import type { CheckRecord } from '@rv/schemas'
import { requestFingerprint } from '@rv/store'
import { ApiError } from '../api-error'
import type { GatewayDeps } from '../gateway-deps'
import { pollUntil } from './prefer-wait'
import type { Upload } from './read-upload'

/** The earlier request's record to replay; undefined when this request claimed the key (or sent none). */
export async function claimIdempotencyKey(
  deps: Pick<GatewayDeps, 'idempotency' | 'checks'>,
  request: { tenantId: string; key: string | null; checkId: string; upload: Upload },
): Promise<CheckRecord | undefined> {
  const { tenantId, key, upload } = request
  if (key === null) return undefined
  const fingerprint = requestFingerprint({
    fileSha256: upload.sha256,
    expectation: upload.expectationText ?? '',
    filename: upload.filename,
  })
  const claim = await deps.idempotency.claim({ tenantId, key, fingerprint, checkId: request.checkId })
  if (claim.outcome === 'conflict') {
    throw new ApiError(409, 'idempotency_key_reused', {
      message: 'This idempotency key was used with a different request.',
      param: 'idempotency-key',
    })
  }
  if (claim.outcome !== 'replayed') return undefined
  // The first request may still be between its claim and its record write.
  const earlier = await pollUntil(
    () => deps.checks.findRecord(tenantId, claim.checkId),
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
  return earlier
}
