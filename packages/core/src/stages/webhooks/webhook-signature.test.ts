import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signatureHeader, verifySignatureHeader, webhookSignatureOf } from './webhook-signature'

const secret = 'whsec_R0zq6e1bZc6u0XyYb1aQpD7r3wq7n4f9k2m5s8v1x4y'
const previous = 'whsec_previousPreviousPreviousPreviousPrevious00'
const body = '{"id":"evt_01KDWB0000000000000000000A","type":"check.completed"}'
const t = 1_767_225_600

describe('webhook signatures', () => {
  it('is HMAC-SHA256 of "<t>.<body>" keyed by the whole secret, in lowercase hex', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
    expect(webhookSignatureOf(secret, t, body)).toBe(expected)
    expect(signatureHeader([secret], t, body)).toBe(`t=${t},v1=${expected}`)
  })

  it('carries a second v1 during a rotation, and either secret verifies', () => {
    const header = signatureHeader([secret, previous], t, body)
    expect(header.split(',')).toHaveLength(3)
    for (const s of [secret, previous])
      expect(verifySignatureHeader({ header, body, secrets: [s], nowSeconds: t })).toEqual({
        ok: true,
        timestamp: t,
      })
  })

  it('fails after one changed byte of the body', () => {
    const header = signatureHeader([secret], t, body)
    const changed = body.replace('completed', 'complete!')
    expect(verifySignatureHeader({ header, body: changed, secrets: [secret], nowSeconds: t })).toEqual({
      ok: false,
      reason: 'no_match',
    })
  })

  it('refuses a timestamp outside the tolerance, and a malformed header', () => {
    const header = signatureHeader([secret], t, body)
    expect(verifySignatureHeader({ header, body, secrets: [secret], nowSeconds: t + 300 }).ok).toBe(true)
    expect(verifySignatureHeader({ header, body, secrets: [secret], nowSeconds: t + 301 })).toEqual({
      ok: false,
      reason: 'too_old',
    })
    expect(verifySignatureHeader({ header, body, secrets: [secret], nowSeconds: t - 301 })).toEqual({
      ok: false,
      reason: 'too_new',
    })
    expect(verifySignatureHeader({ header: 'v1=abc', body, secrets: [secret], nowSeconds: t })).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })

  it('refuses a signature made with another secret', () => {
    const header = signatureHeader([previous], t, body)
    expect(verifySignatureHeader({ header, body, secrets: [secret], nowSeconds: t }).ok).toBe(false)
  })
})
