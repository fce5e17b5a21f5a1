/**
 * The webhooks' personal data goes with the check and the tenant, through the erasure every path builds
 * (`storeParticipants`), on the real store and S3: a check's deliveries (their bodies hold the record); a
 * tenant's endpoints and all its deliveries. Another check's and another tenant's stay.
 */
import { pendingRecord } from '@rv/core'
import { createS3Storage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createErasure, type Erasure } from '../src/erasure'
import { createErasureRegistry } from '../src/erasure-registry'
import { storeParticipants } from '../src/store-participants'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-webhook-erasure')
const store = useTestStore('it-webhook-erasure', connectStore)
let erasure: Erasure

beforeAll(async () => {
  const storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
  await storage.ensure()
  erasure = createErasure(store(), createErasureRegistry(storeParticipants(store(), storage)))
})

afterAll(() => cleanup.run())

async function checkWithDelivery(tenantId: string, checkId: string, endpointId: string) {
  const record = pendingRecord({
    checkId,
    tenantId,
    createdAt: '2026-06-10T12:00:00.000Z',
    orderRef: null,
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  })
  await store().checks.insertPending(record, {
    check_id: checkId,
    tenant_id: tenantId,
    file: { key: 'none', sha256: 'a'.repeat(64) },
  })
  await store().checks.writeRecord({ ...record, status: 'done' } as typeof record)
  await store().webhookDeliveries.enqueue(
    {
      _id: `whd_${checkId}`,
      tenant_id: tenantId,
      endpoint_id: endpointId,
      event_id: `evt_${checkId}`,
      event_type: 'check.completed',
      check_id: checkId,
      body: JSON.stringify({ data: record }),
    },
    new Date(),
  )
}

describe('webhook data under erasure', () => {
  it('goes with its check, and with its tenant', async () => {
    const tenant = await store().tenants.createTenant('it-webhook-erasure')
    const other = await store().tenants.createTenant('it-webhook-erasure-other')
    const { endpoint } = await store().webhookEndpoints.create(tenant._id, {
      url: 'https://shop.example/hooks',
      events: ['check.completed'],
    })
    const { endpoint: kept } = await store().webhookEndpoints.create(other._id, {
      url: 'https://other.example/hooks',
      events: ['check.completed'],
    })
    await checkWithDelivery(tenant._id, 'chk_WHERASE0000001', endpoint._id)
    await checkWithDelivery(tenant._id, 'chk_WHERASE0000002', endpoint._id)
    await checkWithDelivery(other._id, 'chk_WHERASE0000003', kept._id)

    expect(await erasure.eraseCheck(tenant._id, 'chk_WHERASE0000001')).toBe(true)
    expect(await store().webhookDeliveries.find(tenant._id, 'whd_chk_WHERASE0000001')).toBeUndefined()
    expect(await store().webhookDeliveries.find(tenant._id, 'whd_chk_WHERASE0000002')).toBeDefined()

    await erasure.eraseTenant(tenant._id)
    expect(await store().webhookDeliveries.find(tenant._id, 'whd_chk_WHERASE0000002')).toBeUndefined()
    expect(await store().webhookEndpoints.list(tenant._id)).toEqual([])
    expect(await store().webhookEndpoints.list(other._id)).toHaveLength(1)
    expect(await store().webhookDeliveries.find(other._id, 'whd_chk_WHERASE0000003')).toBeDefined()
  })
})
