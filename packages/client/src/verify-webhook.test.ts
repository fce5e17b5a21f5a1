import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { RvWebhookSignatureError, verifyWebhook } from './verify-webhook.js'

// Signed here exactly as the contract says (HMAC-SHA256 of "<t>.<raw body>", lowercase hex), independently
// of the webhooks consumer's code.
const body = JSON.stringify({
  id: 'evt_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
  type: 'check.completed',
  created: 1_764_000_000,
  tenant_id: 'shop-1',
  data: { id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W', payer: 'Пётр Л.' },
})
const t = 1_764_000_000
const now = new Date(t * 1000 + 20_000)
const sign = (secret: string, at = t, raw = body) =>
  createHmac('sha256', secret).update(`${at}.${raw}`).digest('hex')

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (err) {
    if (err instanceof RvWebhookSignatureError) return err.reason
    throw err
  }
  return undefined
}

describe('verifyWebhook', () => {
  it('returns the event when one v1 matches the secret', () => {
    const event = verifyWebhook(body, `t=${t},v1=${sign('whsec_a')}`, 'whsec_a', { now })
    expect(event).toMatchObject({ type: 'check.completed', tenant_id: 'shop-1' })
  })

  it('accepts either secret during a rotation, and a header with both signatures', () => {
    const header = `t=${t},v1=${sign('whsec_new')},v1=${sign('whsec_old')}`
    expect(verifyWebhook(body, header, ['whsec_old'], { now }).id).toMatch(/^evt_/)
    expect(
      verifyWebhook(body, `t=${t},v1=${sign('whsec_old')}`, ['whsec_new', 'whsec_old'], { now }).id,
    ).toMatch(/^evt_/)
  })

  it('refuses a body with one byte changed, a wrong secret, and a raw body given as bytes must match too', () => {
    const header = `t=${t},v1=${sign('whsec_a')}`
    const changed = body.replace('shop-1', 'shop-2')
    expect(reasonOf(() => verifyWebhook(changed, header, 'whsec_a', { now }))).toBe('no_matching_signature')
    expect(reasonOf(() => verifyWebhook(body, header, 'whsec_b', { now }))).toBe('no_matching_signature')
    expect(verifyWebhook(new TextEncoder().encode(body), header, 'whsec_a', { now }).tenant_id).toBe('shop-1')
  })

  it('refuses a timestamp further than the tolerance either way (a replayed request)', () => {
    const old = t - 301
    const header = `t=${old},v1=${sign('whsec_a', old)}`
    expect(reasonOf(() => verifyWebhook(body, header, 'whsec_a', { now: new Date(t * 1000) }))).toBe(
      'timestamp_outside_tolerance',
    )
    expect(
      verifyWebhook(body, header, 'whsec_a', { now: new Date(t * 1000), toleranceSeconds: 400 }).id,
    ).toMatch(/^evt_/)
    const future = t + 301
    expect(
      reasonOf(() =>
        verifyWebhook(body, `t=${future},v1=${sign('whsec_a', future)}`, 'whsec_a', {
          now: new Date(t * 1000),
        }),
      ),
    ).toBe('timestamp_outside_tolerance')
  })

  it('refuses a header without t or without v1, and a signature signed for another timestamp', () => {
    expect(reasonOf(() => verifyWebhook(body, `v1=${sign('whsec_a')}`, 'whsec_a', { now }))).toBe(
      'malformed_header',
    )
    expect(reasonOf(() => verifyWebhook(body, `t=${t}`, 'whsec_a', { now }))).toBe('malformed_header')
    expect(reasonOf(() => verifyWebhook(body, undefined, 'whsec_a', { now }))).toBe('malformed_header')
    expect(
      reasonOf(() => verifyWebhook(body, `t=${t},v1=${sign('whsec_a', t - 1)}`, 'whsec_a', { now })),
    ).toBe('no_matching_signature')
  })
})
