/**
 * The webhook repositories on the real store (docs/webhooks.md): a delivery stored once per event and
 * endpoint, leased by one worker at a time, in order per check, redelivered from the log; secrets rotated
 * with an overlap; an endpoint's failure streak; erasure by check and tenant. The hot-path queries are
 * answered from an index over a few thousand stored deliveries.
 */

import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import { judgeQueryPlan } from '../src/query-plan'
import { findWith } from '../src/store-queries'
import type { NewWebhookDelivery } from '../src/webhook-delivery-repository'
import { signingSecrets } from '../src/webhook-endpoint-repository'
import { webhookHotPathQueries } from '../src/webhook-queries'
import { isWebhookSecretShaped } from '../src/webhook-secret'
import { keptWebhookAttempts, webhookDeliveryView } from '../src/webhooks/webhook-delivery-documents'
import { refreshStatistics } from './seed-volume'

const store = useTestStore('it-webhooks-store', connectStore, { timeoutMs: 120_000 })
const t0 = new Date('2026-02-11T12:00:00.000Z')
const at = (ms: number) => new Date(t0.getTime() + ms)

const delivery = (id: string, check: string, endpoint = 'we_A', tenant = 'ten_w'): NewWebhookDelivery => ({
  _id: id,
  tenant_id: tenant,
  endpoint_id: endpoint,
  event_id: `evt_${id}`,
  event_type: 'check.completed',
  check_id: check,
  body: `{"id":"evt_${id}"}`,
})

describe('webhook deliveries', () => {
  it('are stored once per event and endpoint', async () => {
    expect(await store().webhookDeliveries.enqueue(delivery('whd_1', 'chk_1'), t0)).toBe(true)
    expect(await store().webhookDeliveries.enqueue(delivery('whd_1', 'chk_1'), at(5))).toBe(false)
    const [due] = await store().webhookDeliveries.due(at(1), 10)
    expect(due?._id).toBe('whd_1')
    expect(due?.seq).toBe(t0.getTime())
  })

  it('are leased by one worker; a stale lease cannot write the outcome, but its attempt is logged', async () => {
    const [due] = await store().webhookDeliveries.due(at(1), 10)
    const first = await store().webhookDeliveries.lease(due!, 'tok-a', at(30_000))
    expect(first?.lease).toBe('tok-a')
    expect(await store().webhookDeliveries.lease(due!, 'tok-b', at(30_000))).toBeUndefined()
    expect(await store().webhookDeliveries.due(at(29_000), 10)).toEqual([])
    // The lease ran out (its process died): due again, and taken by another worker.
    const [again] = await store().webhookDeliveries.due(at(30_000), 10)
    const second = await store().webhookDeliveries.lease(again!, 'tok-b', at(60_000))
    expect(second?.lease).toBe('tok-b')
    const late = { at: at(1), status_code: 500, error: 'http_status' as const, latency_ms: 12 }
    const timedOut = { at: at(30_001), status_code: null, error: 'timeout' as const, latency_ms: 1000 }
    // The holder finishes first; the attempt that outlived its lease ends after it.
    expect(
      await store().webhookDeliveries.finishAttempt(second!, 'tok-b', timedOut, {
        state: 'pending',
        dueAt: at(90_000),
      }),
    ).toBe(true)
    expect(await store().webhookDeliveries.finishAttempt(first!, 'tok-a', late, { state: 'delivered' })).toBe(
      false,
    )
    const stored = await store().webhookDeliveries.find('ten_w', 'whd_1')
    // Both logged, shown in the order they were made; the holder's outcome stands.
    expect(webhookDeliveryView(stored!).attempts.map((a) => a.error)).toEqual(['http_status', 'timeout'])
    expect(stored?.schedule_attempts).toBe(1)
    expect(stored?.state).toBe('pending')
    expect(stored?.due_at).toEqual(at(90_000))
  })

  it('of one check go out in order: the later waits behind the earlier and is woken when it ends', async () => {
    await store().webhookDeliveries.enqueue(delivery('whd_2', 'chk_2'), at(100))
    await store().webhookDeliveries.enqueue(delivery('whd_3', 'chk_2'), at(200))
    expect((await store().webhookDeliveries.headOfLane('we_A:chk_2'))?._id).toBe('whd_2')
    const later = await store().webhookDeliveries.find('ten_w', 'whd_3')
    await store().webhookDeliveries.block(later!, at(60_000))
    const head = await store().webhookDeliveries.lease(
      (await store().webhookDeliveries.find('ten_w', 'whd_2'))!,
      'tok',
      at(30_000),
    )
    const ok = { at: at(300), status_code: 200, error: null, latency_ms: 5 }
    await store().webhookDeliveries.finishAttempt(head!, 'tok', ok, { state: 'delivered' })
    await store().webhookDeliveries.wakeLane('we_A:chk_2', at(400))
    const woken = await store().webhookDeliveries.find('ten_w', 'whd_3')
    expect(woken).toMatchObject({ blocked: false, due_at: at(400), state: 'pending' })
  })

  it('are redelivered from the log only once finished, with a fresh schedule', async () => {
    expect(await store().webhookDeliveries.redeliver('ten_w', 'whd_3', at(500))).toBe(false)
    expect(await store().webhookDeliveries.redeliver('ten_other', 'whd_2', at(500))).toBe(false)
    expect(await store().webhookDeliveries.redeliver('ten_w', 'whd_2', at(500))).toBe(true)
    const again = await store().webhookDeliveries.find('ten_w', 'whd_2')
    expect(again).toMatchObject({ state: 'pending', due_at: at(500), schedule_attempts: 0 })
    expect(again?.attempts).toHaveLength(1)
  })

  it(`keep the last ${keptWebhookAttempts} attempts: the oldest goes once the log is full`, async () => {
    await store().webhookDeliveries.enqueue(delivery('whd_full', 'chk_full', 'we_Full', 'ten_full'), t0)
    const full = Array.from({ length: keptWebhookAttempts }, (_, i) => ({
      at: at(i),
      status_code: 500,
      error: 'http_status' as const,
      latency_ms: i,
    }))
    await store()
      .db.collection('webhook_deliveries')
      .updateOne({ _id: 'whd_full' as never }, { $set: { attempts: full } })
    const [due] = (await store().webhookDeliveries.due(at(1), 100)).filter((d) => d._id === 'whd_full')
    const leased = await store().webhookDeliveries.lease(due!, 'tok-full', at(30_000))
    const last = { at: at(1000), status_code: 200, error: null, latency_ms: 999 }
    expect(
      await store().webhookDeliveries.finishAttempt(leased!, 'tok-full', last, { state: 'delivered' }),
    ).toBe(true)
    const stored = await store().webhookDeliveries.find('ten_full', 'whd_full')
    expect(stored?.attempts).toHaveLength(keptWebhookAttempts)
    expect(stored?.attempts[0]?.latency_ms).toBe(1)
    expect(stored?.attempts.at(-1)?.latency_ms).toBe(999)
  })

  it('list newest first and page back', async () => {
    const page = await store().webhookDeliveries.listOfEndpoint('we_A', 2)
    expect(page.map((d) => d._id)).toEqual(['whd_3', 'whd_2'])
    const next = await store().webhookDeliveries.listOfEndpoint('we_A', 2, page[1]!.seq)
    expect(next.map((d) => d._id)).toEqual(['whd_1'])
  })

  it('of a disabled endpoint are given up', async () => {
    await store().webhookDeliveries.enqueue(delivery('whd_4', 'chk_4', 'we_B'), t0)
    expect(await store().webhookDeliveries.failPendingOfEndpoint('we_B', 'endpoint_disabled')).toBe(1)
    expect(await store().webhookDeliveries.find('ten_w', 'whd_4')).toMatchObject({
      state: 'failed',
      failure_reason: 'endpoint_disabled',
    })
  })

  it('are erased with their check and their tenant', async () => {
    await store().webhookDeliveries.enqueue(delivery('whd_5', 'chk_5', 'we_C', 'ten_gone'), t0)
    await store().webhookDeliveries.eraseCheck('chk_2')
    expect(await store().webhookDeliveries.find('ten_w', 'whd_2')).toBeUndefined()
    expect(await store().webhookDeliveries.find('ten_w', 'whd_1')).toBeDefined()
    await store().webhookDeliveries.eraseTenant('ten_gone')
    expect(await store().webhookDeliveries.find('ten_gone', 'whd_5')).toBeUndefined()
  })
})

describe('webhook endpoints', () => {
  it('are created with a secret shown once, rotated with an overlap, and scoped to their tenant', async () => {
    const { endpoint, secret } = await store().webhookEndpoints.create('ten_e', {
      url: 'https://shop.example/hooks',
      events: ['check.completed'],
    })
    expect(isWebhookSecretShaped(secret)).toBe(true)
    expect(endpoint._id).toMatch(/^we_[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(await store().webhookEndpoints.find('ten_other', endpoint._id)).toBeUndefined()
    expect((await store().webhookEndpoints.subscribed('ten_e', 'check.completed')).map((e) => e._id)).toEqual(
      [endpoint._id],
    )
    expect(await store().webhookEndpoints.subscribed('ten_e', 'check.reviewed')).toEqual([])

    const rotated = await store().webhookEndpoints.rotateSecret('ten_e', endpoint._id, 60_000)
    expect(rotated?.secret).not.toBe(secret)
    const now = new Date()
    expect(signingSecrets(rotated!.endpoint, now)).toEqual([rotated!.secret, secret])
    expect(signingSecrets(rotated!.endpoint, new Date(now.getTime() + 120_000))).toEqual([rotated!.secret])
  })

  it('keep a failure streak, are disabled once, and enabled again', async () => {
    const { endpoint } = await store().webhookEndpoints.create('ten_e', {
      url: 'https://shop.example/x',
      events: ['check.reviewed'],
    })
    const first = await store().webhookEndpoints.noteFailure(endpoint._id, t0)
    const second = await store().webhookEndpoints.noteFailure(endpoint._id, at(1000))
    expect(first?.failing_since).toEqual(t0)
    expect(second?.failing_since).toEqual(t0)
    await store().webhookEndpoints.noteSuccess(endpoint._id)
    expect((await store().webhookEndpoints.findById(endpoint._id))?.failing_since).toBeNull()
    expect(await store().webhookEndpoints.disable(endpoint._id, at(2000))).toBe(true)
    expect(await store().webhookEndpoints.disable(endpoint._id, at(3000))).toBe(false)
    expect(await store().webhookEndpoints.subscribed('ten_e', 'check.reviewed')).toEqual([])
    expect((await store().webhookEndpoints.enable('ten_e', endpoint._id))?.status).toBe('enabled')
    await store().webhookEndpoints.eraseTenant('ten_e')
    expect(await store().webhookEndpoints.list('ten_e')).toEqual([])
  })
})

describe('webhook hot-path queries', () => {
  it('are answered from an index over thousands of deliveries', async () => {
    const { db } = store()
    await db.collection('webhook_deliveries').insertMany(
      Array.from({ length: 3000 }, (_, i) => ({
        _id: `whd_v${i}` as never,
        tenant_id: `ten_${i % 100}`,
        endpoint_id: `we_${i % 100}`,
        check_id: `chk_v${i}`,
        lane: `we_${i % 100}:chk_v${i}`,
        seq: i,
        state: i % 50 === 0 ? 'pending' : 'delivered',
        due_at: i % 50 === 0 ? at(i) : null,
      })),
    )
    await db.collection('webhook_endpoints').insertMany(
      Array.from({ length: 1000 }, (_, i) => ({
        _id: `we_v${i}` as never,
        tenant_id: `ten_${i % 300}`,
        created_at: at(i),
      })),
    )
    await refreshStatistics(db)
    for (const [name, query] of Object.entries(webhookHotPathQueries(at(10_000)))) {
      const verdict = judgeQueryPlan(await findWith(db.collection(query.collection), query).explain())
      expect(verdict, `${name}: ${JSON.stringify(verdict)}`).toMatchObject({ indexed: true })
    }
  })
})
