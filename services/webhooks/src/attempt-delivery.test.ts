import { defaultWebhookSchedule, verifySignatureHeader } from '@rv/core/webhooks'
import type { AttemptOutcome, WebhookDeliveryDocument, WebhookEndpointDocument } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { attemptDelivery, type DeliveryDeps } from './attempt-delivery'
import type { SendResult } from './send-webhook'

const t0 = new Date('2026-02-11T07:10:12.000Z')
const day = 24 * 60 * 60 * 1000

const endpoint = (over: Partial<WebhookEndpointDocument> = {}): WebhookEndpointDocument => ({
  _id: 'we_A',
  tenant_id: 'ten_a',
  url: 'https://shop.example/hooks',
  events: ['check.completed'],
  description: null,
  secret: 'whsec_current',
  previous_secret: 'whsec_previous',
  previous_expires_at: new Date(t0.getTime() + 60_000),
  status: 'enabled',
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
  created_at: t0,
  ...over,
})

const delivery = (over: Partial<WebhookDeliveryDocument> = {}): WebhookDeliveryDocument => ({
  _id: 'whd_1',
  tenant_id: 'ten_a',
  endpoint_id: 'we_A',
  event_id: 'evt_1',
  event_type: 'check.completed',
  check_id: 'chk_1',
  lane: 'we_A:chk_1',
  seq: t0.getTime(),
  body: '{"id":"evt_1"}',
  state: 'pending',
  failure_reason: null,
  due_at: t0,
  blocked: false,
  lease: 'tok',
  schedule_from: t0,
  schedule_attempts: 0,
  attempts: [],
  created_at: t0,
  ...over,
})

function harness(ep: WebhookEndpointDocument | undefined, answer: SendResult, nowMs = t0.getTime()) {
  const calls: string[] = []
  const sent: { headers: Record<string, string>; body: string }[] = []
  let finished: AttemptOutcome | undefined
  const deps: DeliveryDeps = {
    endpoints: {
      findById: async () => ep,
      noteSuccess: async () => void calls.push('noteSuccess'),
      noteFailure: async () => ep,
      disable: async () => {
        calls.push('disable')
        return true
      },
    },
    deliveries: {
      finishAttempt: async (_doc, _token, _attempt, outcome) => {
        finished = outcome
        return true
      },
      fail: async (_doc, reason) => void calls.push(`fail ${reason}`),
      failPendingOfEndpoint: async () => {
        calls.push('failPendingOfEndpoint')
        return 0
      },
      wakeLane: async () => void calls.push('wakeLane'),
      headOfLane: async () => undefined,
      block: async () => undefined,
      lease: async () => undefined,
      due: async () => [],
    },
    send: async (_url, headers, body) => {
      sent.push({ headers, body })
      return answer
    },
    schedule: defaultWebhookSchedule,
    disableAfterMs: 3 * day,
    now: () => new Date(nowMs),
    random: () => 0.5,
    logger: { info: () => undefined, warn: () => undefined },
  }
  return { deps, calls, sent, finished: () => finished }
}

const ok: SendResult = { status_code: 200, error: null, latency_ms: 5 }
const failed: SendResult = { status_code: 500, error: 'http_status', latency_ms: 5 }

describe('attemptDelivery', () => {
  it('signs with both secrets during a rotation and marks a 2xx delivered', async () => {
    const h = harness(endpoint(), ok)
    expect(await attemptDelivery(delivery(), 'tok', h.deps)).toEqual({ state: 'delivered' })
    const { headers, body } = h.sent[0]!
    expect(headers['RV-Event-Id']).toBe('evt_1')
    for (const secret of ['whsec_current', 'whsec_previous'])
      expect(
        verifySignatureHeader({
          header: headers['RV-Signature']!,
          body,
          secrets: [secret],
          nowSeconds: t0.getTime() / 1000,
        }).ok,
      ).toBe(true)
    expect(h.calls).toEqual(['noteSuccess', 'wakeLane'])
  })

  it('schedules a retry after a failure, and does not wake the lane', async () => {
    const h = harness(endpoint(), failed)
    const outcome = await attemptDelivery(delivery(), 'tok', h.deps)
    expect(outcome).toEqual({ state: 'pending', dueAt: new Date(t0.getTime() + 22_500) })
    expect(h.calls).toEqual([])
  })

  it('gives up past the horizon', async () => {
    const h = harness(endpoint(), failed, t0.getTime() + 3 * day - 1000)
    const outcome = await attemptDelivery(delivery({ schedule_attempts: 20 }), 'tok', h.deps)
    expect(outcome).toEqual({ state: 'failed', reason: 'retries_exhausted' })
    expect(h.calls).toEqual(['wakeLane'])
  })

  it('disables an endpoint failing for the whole period and gives up its pending deliveries', async () => {
    const streak = endpoint({ failing_since: new Date(t0.getTime() - 3 * day) })
    const h = harness(streak, failed)
    expect(await attemptDelivery(delivery(), 'tok', h.deps)).toEqual({
      state: 'failed',
      reason: 'endpoint_disabled',
    })
    expect(h.calls).toEqual(['disable', 'failPendingOfEndpoint', 'wakeLane'])
  })

  it('sends nothing to a disabled or deleted endpoint', async () => {
    const disabled = harness(endpoint({ status: 'disabled' }), ok)
    expect(await attemptDelivery(delivery(), 'tok', disabled.deps)).toEqual({
      state: 'failed',
      reason: 'endpoint_disabled',
    })
    const deleted = harness(undefined, ok)
    expect(await attemptDelivery(delivery(), 'tok', deleted.deps)).toEqual({
      state: 'failed',
      reason: 'endpoint_deleted',
    })
    expect([...disabled.sent, ...deleted.sent]).toEqual([])
  })
})
