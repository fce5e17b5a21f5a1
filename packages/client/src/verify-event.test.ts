import { generateSigningJwk, signRecord, toSigningKey, withSignature } from '@rv/signing'
import { oneByteChanges } from '@rv/signing/one-byte-changes'
import { describe, expect, it } from 'vitest'
import { verifyEventSignature } from './verify-event.js'

// Signed by the services' own code (@rv/signing's withSignature, as the aggregator, settlement and the
// console publish); verified here by jose + canonicalize, the way a merchant's code would.
const key = toSigningKey(generateSigningJwk())
const jwks = { keys: [key.publicJwk] }
const ring = { sign: (value: unknown) => signRecord(value, key) }
const checkId = 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W'

const events: [string, string, Record<string, unknown>][] = [
  [
    'check.completed.v1',
    'check.completed',
    {
      id: checkId,
      status: 'done',
      fields: { amount: 600.5, payer_name: 'Михаил О.' },
      recommendation: 'accept',
    },
  ],
  [
    'check.settlement-changed.v1',
    'check.settlement_changed',
    {
      check_id: checkId,
      tenant_id: 'shop-1',
      settlement: {
        status: 'confirmed',
        reasons: ['settlement_confirmed'],
        recommendation: 'accept',
        due_at: null,
      },
    },
  ],
  [
    'check.reviewed.v1',
    'check.reviewed',
    { check_id: checkId, tenant_id: 'shop-1', seq: 2, decision: 'forged', note: '«600,50 ₽»', role: 'lead' },
  ],
]

describe.each(events)('verifyEventSignature: %s', (_topic, type, event) => {
  const signed = withSignature(ring, event)
  const body = {
    id: 'evt_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
    type,
    created: 1_764_000_000,
    tenant_id: 'shop-1',
    data: signed,
  }

  it('verifies the event as published and as the `data` of its webhook body', async () => {
    expect(await verifyEventSignature(signed, jwks)).toEqual({ ok: true, kid: key.kid })
    expect(await verifyEventSignature(JSON.parse(JSON.stringify(body)), jwks)).toEqual({
      ok: true,
      kid: key.kid,
    })
  })

  it('fails after any one changed byte of the event, and of the webhook body from `data` on', async () => {
    let tried = 0
    for (const [i, changed] of oneByteChanges(JSON.stringify(signed))) {
      tried++
      expect((await verifyEventSignature(changed, jwks)).ok, `event byte ${i}`).toBe(false)
    }
    const text = JSON.stringify(body)
    for (const [i, changed] of oneByteChanges(text, text.indexOf('"data":'))) {
      tried++
      expect((await verifyEventSignature(changed, jwks)).ok, `body byte ${i}`).toBe(false)
    }
    expect(tried).toBeGreaterThan(200)
  }, 120_000) // hundreds of verifications: a bound for a loaded machine, not a figure
})

describe('verifyEventSignature', () => {
  it('refuses an event without a signature and a webhook body without an event', async () => {
    expect(await verifyEventSignature(events[1]![2], jwks)).toEqual({ ok: false, reason: 'malformed' })
    expect(await verifyEventSignature({ id: 'evt_x', type: 'check.reviewed', data: null }, jwks)).toEqual({
      ok: false,
      reason: 'malformed',
    })
    expect(await verifyEventSignature('x', jwks)).toEqual({ ok: false, reason: 'malformed' })
  })
})
