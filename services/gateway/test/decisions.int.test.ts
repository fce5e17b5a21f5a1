import { exampleRecord } from '@rv/core'
import { createLogger } from '@rv/logger'
import { createOpenApiContract } from '@rv/schemas/openapi'
import { generateSigningJwk, signRecord, toSigningKey, verifySignedEvent } from '@rv/signing'
import { connectStore } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app'

// GET /v1/checks/{id}/decisions over the real MongoDB: the review console's decisions, per tenant.
const store = useTestStore('it-gateway-decisions', connectStore)
const contract = createOpenApiContract()
const path = '/v1/checks/{id}/decisions'
const keys: Record<'a' | 'b', string> = { a: '', b: '' }
const checkId = 'chk_01JDDECISIONS000000000001'

const key = toSigningKey(generateSigningJwk())
const jwks = { keys: [key.publicJwk] }

function app(signed = false) {
  return createApp({
    ...(signed ? { signing: { sign: (value: unknown) => signRecord(value, key), jwks } } : {}),
    logger: createLogger({ level: 'silent' }),
    checks: store().checks,
    tenants: store().tenants,
    idempotency: store().idempotency,
    decisions: store().decisions,
    storage: { put: () => Promise.reject(new Error('GET only')), bucket: 'unused' },
    publishSubmitted: () => Promise.reject(new Error('GET only')),
    limits: { maxFileBytes: 1024, maxWaitSeconds: 1, waitPollMs: 50 },
    defaultProfile: { name: 'default', version: 1 },
  })
}

beforeAll(async () => {
  const a = await store().tenants.createTenant('decisions-a')
  const b = await store().tenants.createTenant('decisions-b')
  keys.a = (await store().tenants.createKey(a._id)).key
  keys.b = (await store().tenants.createKey(b._id)).key
  const record = exampleRecord({ id: checkId, tenant_id: a._id, recommendation: 'review' })
  await store().checks.insertPending(record, { check_id: checkId, tenant_id: a._id })
  await store().decisions.append({
    check_id: checkId,
    tenant_id: a._id,
    decision: 'escalate',
    reason_code: 'needs_lead',
    note: null,
    decided_by: 'analyst@a.test',
    role: 'analyst',
    record_sha256: 'b'.repeat(64),
    recommendation_was: 'review',
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    failed_checks: [],
    completed_at: new Date('2026-03-11T07:00:00Z'),
  })
})
const get = (id: string, apiKey: string, signed = false) =>
  app(signed).request(`/v1/checks/${id}/decisions`, { headers: { authorization: `Bearer ${apiKey}` } })

describe('GET /v1/checks/{id}/decisions', () => {
  it('lists the tenant’s decisions as documented', async () => {
    const res = await get(checkId, keys.a)
    const body = (await res.json()) as { data: { decision: string; seq: number }[] }
    expect(res.status).toBe(200)
    expect(contract.checkResponse('GET', path, res.status, body).errors).toEqual([])
    expect(body.data).toMatchObject([{ decision: 'escalate', seq: 1, reason_code: 'needs_lead' }])
  })

  it('signs each decision as its check.reviewed.v1 is signed; one changed value fails it', async () => {
    const res = await get(checkId, keys.a, true)
    const body = (await res.json()) as { data: Record<string, unknown>[] }
    expect(contract.checkResponse('GET', path, res.status, body).errors).toEqual([])
    const [decision] = body.data
    expect(decision?.['signature']).toMatch(/^[\w-]+\.\.[\w-]+$/)
    expect(verifySignedEvent(decision, jwks)).toEqual({ ok: true, kid: key.kid, checkId })
    expect(verifySignedEvent({ ...decision, seq: 2 }, jwks)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    const unsigned = (await (await get(checkId, keys.a)).json()) as { data: Record<string, unknown>[] }
    expect(unsigned.data[0]).not.toHaveProperty('signature')
  })

  it('answers another tenant’s check like an unknown one', async () => {
    const res = await get(checkId, keys.b)
    expect(res.status).toBe(404)
    expect(contract.checkResponse('GET', path, res.status, await res.json()).errors).toEqual([])
    expect((await get('chk_01JDDECISIONS000000000009', keys.a)).status).toBe(404)
  })
})
