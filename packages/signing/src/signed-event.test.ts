import { describe, expect, it } from 'vitest'
import { loadKeyRing } from './key-ring'
import { oneByteChanges } from './one-byte-changes.test-fixture'
import { signRecord } from './record-signature'
import { sampleEvents, webhookBodyOf } from './sample-events.test-fixture'
import { checkIdOf, verifySignedEvent, withSignature } from './signed-event'
import { generateSigningJwk, toSigningKey } from './signing-key'

const key = toSigningKey(generateSigningJwk())
const ring = { sign: (value: unknown) => signRecord(value, key) }
const jwks = { keys: [key.publicJwk] }

const events = Object.entries(sampleEvents()) as [string, Record<string, unknown>][]

describe.each(events)('%s signed beside its payload', (topic, event) => {
  const signed = withSignature(ring, event)

  it('verifies as published, and names its check', () => {
    expect(Object.keys(signed)).toEqual([...Object.keys(event), 'signature'])
    expect(verifySignedEvent(signed, jwks)).toEqual({ ok: true, kid: key.kid, checkId: checkIdOf(event) })
    expect(checkIdOf(event)).toBe('chk_01JABCDEFGHJKMNPQRSTVWXYZ0')
  })

  it('fails after any one changed byte of the event as sent', () => {
    let tried = 0
    for (const [i, changed] of oneByteChanges(JSON.stringify(signed))) {
      // A byte of the signature itself breaks its form or its value; both are refused.
      tried++
      expect(verifySignedEvent(changed, jwks).ok, `byte ${i}`).toBe(false)
    }
    expect(tried).toBeGreaterThan(100)
  })

  it('verifies as the `data` of its webhook body, and fails when `data` changed by one byte', () => {
    const body = webhookBodyOf(topic, signed)
    const text = JSON.stringify(body)
    expect(verifySignedEvent(JSON.parse(text), jwks)).toMatchObject({ ok: true, kid: key.kid })
    const dataAt = text.indexOf('"data":') + '"data":'.length
    let tried = 0
    for (const [i, changed] of oneByteChanges(text)) {
      if (i < dataAt) continue
      tried++
      expect(verifySignedEvent(changed, jwks).ok, `body byte ${i}`).toBe(false)
    }
    expect(tried).toBeGreaterThan(100)
  })

  it('keeps the webhook event id whatever key signed it (a republish is the same event)', () => {
    const other = toSigningKey(generateSigningJwk())
    const again = withSignature({ sign: (v) => signRecord(v, other) }, signed)
    expect(again.signature).not.toBe(signed.signature)
    const id = (value: Record<string, unknown>) => webhookBodyOf(topic, value).id
    expect(id(again)).toBe(id(signed))
  })
})

describe('withSignature / verifySignedEvent', () => {
  it('leaves an event unsigned when the service signs nothing, and replaces a stale signature', () => {
    const event = sampleEvents()['check.reviewed.v1']
    expect(withSignature(loadKeyRing({}), event)).toEqual(event)
    const restamped = withSignature(ring, { ...event, signature: 'stale..sig' })
    expect(verifySignedEvent(restamped, jwks).ok).toBe(true)
  })

  it('refuses an event without a signature, an unknown key, and what is not an event', () => {
    const event = sampleEvents()['check.settlement-changed.v1']
    expect(verifySignedEvent(event, jwks)).toMatchObject({ ok: false, reason: 'malformed' })
    expect(verifySignedEvent(withSignature(ring, event), { keys: [] })).toMatchObject({
      ok: false,
      reason: 'unknown_kid',
    })
    expect(verifySignedEvent([], jwks)).toEqual({ ok: false, reason: 'malformed' })
    expect(verifySignedEvent({ id: 'evt_x', type: 'check.reviewed', data: 'x' }, jwks)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })
})
