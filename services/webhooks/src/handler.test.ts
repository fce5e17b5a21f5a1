import { exampleRecord } from '@rv/core'
import type { NewWebhookDelivery, WebhookEndpointDocument } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { type HandlerDeps, handleResultEvent, handleResultEvents } from './handler'

const endpoint = (id: string, events: WebhookEndpointDocument['events']) =>
  ({ _id: id, status: 'enabled', events }) as WebhookEndpointDocument

function deps(endpoints: WebhookEndpointDocument[]) {
  const stored = new Map<string, NewWebhookDelivery>()
  const reads: string[] = []
  const d: HandlerDeps = {
    endpoints: {
      enabledOf: async (tenant) => {
        reads.push(tenant)
        return endpoints
      },
    },
    deliveries: {
      enqueue: async (delivery) => {
        if (stored.has(delivery._id)) return false
        stored.set(delivery._id, delivery)
        return true
      },
    },
    now: () => new Date(0),
  }
  return { d, stored, reads }
}

describe('handleResultEvent', () => {
  it('stores one delivery per subscribed endpoint, with the event as the body', async () => {
    const record = exampleRecord()
    const { d, stored } = deps([
      endpoint('we_A', ['check.completed']),
      endpoint('we_B', ['check.reviewed']),
      endpoint('we_C', ['check.completed', 'check.reviewed']),
    ])
    expect(await handleResultEvent({ topic: 'check.completed.v1', value: record }, d)).toBe(2)
    const deliveries = [...stored.values()]
    expect(deliveries.map((x) => x.endpoint_id).sort()).toEqual(['we_A', 'we_C'])
    const body = JSON.parse(deliveries[0]!.body)
    expect(body).toMatchObject({ type: 'check.completed', tenant_id: record.tenant_id, data: record })
    expect(deliveries[0]!.event_id).toBe(body.id)
    expect(deliveries[0]!.check_id).toBe(record.id)
    expect(deliveries[0]!.event_id).toBe(deliveries[1]!.event_id)
  })

  it('stores nothing twice when the message is delivered again', async () => {
    const { d, stored } = deps([endpoint('we_A', ['check.completed'])])
    await handleResultEvent({ topic: 'check.completed.v1', value: exampleRecord() }, d)
    expect(await handleResultEvent({ topic: 'check.completed.v1', value: exampleRecord() }, d)).toBe(0)
    expect(stored.size).toBe(1)
  })

  it('builds no event when no endpoint is subscribed: the record is not even serialised', async () => {
    // NaN has no canonical JSON form: building this event throws, so only a handler that skips it passes.
    const record = { ...exampleRecord(), cost: { ...exampleRecord().cost, latency_ms: Number.NaN } }
    const { d, stored } = deps([endpoint('we_B', ['check.reviewed'])])
    expect(await handleResultEvent({ topic: 'check.completed.v1', value: record }, d)).toBe(0)
    expect(stored.size).toBe(0)
    const subscribed = deps([endpoint('we_A', ['check.completed'])])
    await expect(
      handleResultEvent({ topic: 'check.completed.v1', value: record }, subscribed.d),
    ).rejects.toThrow('no JSON form')
  })
})

describe('handleResultEvents', () => {
  it("reads each tenant's endpoints once per batch and stores every event's deliveries", async () => {
    const a = { ...exampleRecord(), id: 'chk_batch0000001', tenant_id: 'ten_a' }
    const b = { ...exampleRecord(), id: 'chk_batch0000002', tenant_id: 'ten_b' }
    const a2 = { ...exampleRecord(), id: 'chk_batch0000003', tenant_id: 'ten_a' }
    const { d, stored, reads } = deps([endpoint('we_A', ['check.completed'])])
    const sources = [a, b, a2].map((value) => ({ topic: 'check.completed.v1' as const, value }))
    expect(await handleResultEvents(sources, d)).toBe(3)
    expect(reads).toEqual(['ten_a', 'ten_b'])
    expect([...stored.values()].map((x) => x.check_id)).toEqual([a.id, b.id, a2.id])
  })
})
