/**
 * One attempt of a leased delivery (docs/webhooks.md): sign the stored body with the endpoint's secrets
 * in force, send it, record the attempt, and decide by core's schedule — delivered, again later, or given
 * up. An endpoint failing every attempt for the disable period is disabled (and says so on GET); its
 * pending deliveries are given up with it. When a delivery ends, the next one of its check is woken.
 */
import { nextAttempt, shouldDisableEndpoint, signatureHeader, type WebhookSchedule } from '@rv/core/webhooks'
import type { Logger } from '@rv/logger'
import { metrics } from '@rv/observability'
import {
  type AttemptOutcome,
  signingSecrets,
  type WebhookDeliveryDocument,
  type WebhookDeliveryRepository,
  type WebhookEndpointRepository,
} from '@rv/store'
import type { SendWebhook } from './send-webhook'

export interface DeliveryDeps {
  endpoints: Pick<WebhookEndpointRepository, 'findById' | 'noteSuccess' | 'noteFailure' | 'disable'>
  deliveries: Pick<
    WebhookDeliveryRepository,
    'finishAttempt' | 'fail' | 'failPendingOfEndpoint' | 'wakeLane' | 'headOfLane' | 'block' | 'lease' | 'due'
  >
  send: SendWebhook
  schedule: WebhookSchedule
  disableAfterMs: number
  now: () => Date
  random: () => number
  logger: Pick<Logger, 'info' | 'warn'>
}

function ended(outcome: AttemptOutcome): void {
  if (outcome.state === 'pending') return
  metrics().webhookDeliveriesEnded.inc({
    state: outcome.state,
    reason: outcome.state === 'failed' ? outcome.reason : 'none',
  })
}

export async function attemptDelivery(
  doc: WebhookDeliveryDocument,
  token: string,
  deps: DeliveryDeps,
): Promise<AttemptOutcome> {
  const endpoint = await deps.endpoints.findById(doc.endpoint_id)
  if (!endpoint || endpoint.status === 'disabled') {
    const reason = endpoint ? 'endpoint_disabled' : 'endpoint_deleted'
    await deps.deliveries.fail(doc, reason)
    await deps.deliveries.wakeLane(doc.lane, deps.now())
    ended({ state: 'failed', reason })
    return { state: 'failed', reason }
  }
  const at = deps.now()
  const signature = signatureHeader(signingSecrets(endpoint, at), Math.floor(at.getTime() / 1000), doc.body)
  const result = await deps.send(
    endpoint.url,
    { 'RV-Event-Id': doc.event_id, 'RV-Signature': signature },
    doc.body,
  )
  const { detail: _detail, ...recorded } = result
  metrics().webhookAttempts.inc({ result: result.error ?? 'delivered' })
  metrics().webhookAttemptDuration.observe({ result: result.error ?? 'delivered' }, result.latency_ms / 1000)

  let outcome: AttemptOutcome
  let disabled = false
  if (result.error === null) {
    outcome = { state: 'delivered' }
    await deps.endpoints.noteSuccess(endpoint._id)
  } else {
    const nowMs = deps.now().getTime()
    const next = nextAttempt(
      {
        attempt: doc.schedule_attempts + 1,
        firstAttemptMs: doc.schedule_from.getTime(),
        nowMs,
        random: deps.random(),
      },
      deps.schedule,
    )
    outcome = next.retry
      ? { state: 'pending', dueAt: new Date(next.atMs) }
      : { state: 'failed', reason: next.reason }
    const streak = await deps.endpoints.noteFailure(endpoint._id, at)
    const failingSinceMs = streak?.failing_since?.getTime() ?? null
    if (shouldDisableEndpoint({ failingSinceMs, nowMs, disableAfterMs: deps.disableAfterMs })) {
      outcome = { state: 'failed', reason: 'endpoint_disabled' }
      disabled = await deps.endpoints.disable(endpoint._id, deps.now())
    }
  }
  const written = await deps.deliveries.finishAttempt(doc, token, { at, ...recorded }, outcome)
  if (!written) {
    // Logged all the same; the worker that leased it after the lease ran out writes the outcome.
    deps.logger.warn('webhook attempt outlived its lease: logged, its outcome left to the next holder', {
      delivery_id: doc._id,
      endpoint_id: endpoint._id,
    })
    return outcome
  }
  ended(outcome)
  if (disabled) {
    const given = await deps.deliveries.failPendingOfEndpoint(endpoint._id, 'endpoint_disabled')
    metrics().webhookEndpointsDisabled.inc({})
    deps.logger.warn('webhook endpoint disabled: every attempt failed for the disable period', {
      endpoint_id: endpoint._id,
      tenant_id: endpoint.tenant_id,
      failing_since: endpoint.failing_since ?? at,
      pending_given_up: given,
    })
  }
  if (outcome.state !== 'pending') await deps.deliveries.wakeLane(doc.lane, deps.now())
  return outcome
}
