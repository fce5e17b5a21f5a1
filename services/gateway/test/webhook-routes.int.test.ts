/**
 * The webhook routes on the real store, every answer checked against schemas/openapi.yaml: an endpoint
 * created with its secret shown once, listed and read without it, rotated, refused when malformed, kept
 * from other tenants; the delivery log paged newest first; a redelivery of a finished delivery only.
 */
import { webhookDeliveryId } from '@rv/core/webhooks'
import type { WebhookDelivery, WebhookEndpoint } from '@rv/schemas'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { conforming, type Harness, startHarness } from './contract/contract-harness'

const stack = inject('stack')
let h: Harness
let otherKey: string

beforeAll(async () => {
  h = await startHarness(stack, 'it-gw-webhooks')
  const other = await h.store.tenants.createTenant('it-gw-webhooks-other')
  otherKey = (await h.store.tenants.createKey(other._id)).key
})

afterAll(async () => {
  await h.close()
})

const app = () =>
  h.app({ webhooks: { endpoints: h.store.webhookEndpoints, deliveries: h.store.webhookDeliveries } })
const call = (method: string, path: string, body?: unknown, key = h.key) =>
  app().request(path, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

describe('webhook endpoint routes', () => {
  let endpoint: WebhookEndpoint

  it('creates an endpoint and shows its secret once', async () => {
    const seen = await conforming(
      'post',
      '/v1/webhook-endpoints',
      await call('POST', '/v1/webhook-endpoints', {
        url: 'https://shop.example/hooks',
        events: ['check.completed', 'check.reviewed'],
      }),
    )
    expect(seen.status).toBe(201)
    endpoint = seen.body as WebhookEndpoint
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    expect(endpoint.status).toBe('enabled')
    const read = await conforming(
      'get',
      '/v1/webhook-endpoints/{id}',
      await call('GET', `/v1/webhook-endpoints/${endpoint.id}`),
    )
    expect(read.status).toBe(200)
    expect(read.body).not.toHaveProperty('secret')
    const list = await conforming('get', '/v1/webhook-endpoints', await call('GET', '/v1/webhook-endpoints'))
    expect((list.body as { data: WebhookEndpoint[] }).data.map((e) => e.id)).toEqual([endpoint.id])
  })

  it('refuses a malformed endpoint, naming what is wrong', async () => {
    const seen = await conforming(
      'post',
      '/v1/webhook-endpoints',
      await call('POST', '/v1/webhook-endpoints', { url: 'ftp://shop.example', events: ['check.done'] }),
    )
    expect(seen.status).toBe(422)
    const details = (seen.body as { error: { code: string; details: { path: string }[] } }).error
    expect(details.code).toBe('webhook_endpoint_invalid')
    expect(details.details.map((d) => d.path)).toEqual(['/url', '/events/0'])
  })

  it("keeps another tenant's endpoint out of reach (404)", async () => {
    const seen = await conforming(
      'get',
      '/v1/webhook-endpoints/{id}',
      await call('GET', `/v1/webhook-endpoints/${endpoint.id}`, undefined, otherKey),
    )
    expect(seen.status).toBe(404)
    const list = await conforming(
      'get',
      '/v1/webhook-endpoints',
      await call('GET', '/v1/webhook-endpoints', undefined, otherKey),
    )
    expect(list.body).toEqual({ data: [] })
  })

  it('rotates the secret with an overlap', async () => {
    const seen = await conforming(
      'post',
      '/v1/webhook-endpoints/{id}/rotate-secret',
      await call('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, {
        expire_previous_in_seconds: 60,
      }),
    )
    expect(seen.status).toBe(200)
    const rotated = seen.body as WebhookEndpoint
    expect(rotated.secret).not.toBe(endpoint.secret)
    expect(Date.parse(rotated.secret_rotation_ends_at ?? '')).toBeGreaterThan(Date.now())
    const bad = await conforming(
      'post',
      '/v1/webhook-endpoints/{id}/rotate-secret',
      await call('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, {
        expire_previous_in_seconds: -1,
      }),
    )
    expect(bad.status).toBe(422)
  })

  it('pages the delivery log and redelivers a finished delivery only', async () => {
    for (let i = 0; i < 3; i++) {
      const eventId = `evt_0000000000000000000000000${i}`
      await h.store.webhookDeliveries.enqueue(
        {
          _id: webhookDeliveryId(endpoint.id, eventId),
          tenant_id: h.tenantId,
          endpoint_id: endpoint.id,
          event_id: eventId,
          event_type: 'check.completed',
          check_id: `chk_01JDV3T6Q8ZK4C2M7N9P0R5S${i}0`,
          body: '{}',
        },
        new Date(Date.now() + i),
      )
    }
    const first = await conforming(
      'get',
      '/v1/webhook-endpoints/{id}/deliveries',
      await call('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=2`),
    )
    const page = first.body as { data: WebhookDelivery[]; next_cursor: string | null }
    expect(page.data).toHaveLength(2)
    expect(page.next_cursor).not.toBeNull()
    const second = await conforming(
      'get',
      '/v1/webhook-endpoints/{id}/deliveries',
      await call('GET', `/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=2&cursor=${page.next_cursor}`),
    )
    const rest = second.body as { data: WebhookDelivery[]; next_cursor: string | null }
    expect(rest.data).toHaveLength(1)
    expect(rest.next_cursor).toBeNull()
    const ids = [...page.data, ...rest.data].map((d) => d.id)
    expect(new Set(ids).size).toBe(3)

    const pending = ids[0]!
    const refused = await conforming(
      'post',
      '/v1/webhook-deliveries/{id}/redeliver',
      await call('POST', `/v1/webhook-deliveries/${pending}/redeliver`),
    )
    expect(refused.status).toBe(409)
    const doc = (await h.store.webhookDeliveries.find(h.tenantId, pending))!
    await h.store.webhookDeliveries.fail(doc, 'retries_exhausted')
    const again = await conforming(
      'post',
      '/v1/webhook-deliveries/{id}/redeliver',
      await call('POST', `/v1/webhook-deliveries/${pending}/redeliver`),
    )
    expect(again.status).toBe(202)
    expect((again.body as WebhookDelivery).status).toBe('pending')
    const foreign = await conforming(
      'post',
      '/v1/webhook-deliveries/{id}/redeliver',
      await call('POST', `/v1/webhook-deliveries/${pending}/redeliver`, undefined, otherKey),
    )
    expect(foreign.status).toBe(404)
  })

  it('deletes an endpoint and its log', async () => {
    const seen = await conforming(
      'delete',
      '/v1/webhook-endpoints/{id}',
      await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`),
    )
    expect(seen.status).toBe(204)
    expect(await h.store.webhookDeliveries.listOfEndpoint(endpoint.id, 10)).toEqual([])
    const gone = await conforming(
      'delete',
      '/v1/webhook-endpoints/{id}',
      await call('DELETE', `/v1/webhook-endpoints/${endpoint.id}`),
    )
    expect(gone.status).toBe(404)
  })
})
