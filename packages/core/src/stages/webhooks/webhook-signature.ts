/**
 * The `RV-Signature` header (docs/webhooks.md): `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`,
 * one `v1=` per secret in force (two while a rotation runs). The HMAC key is the secret exactly as shown,
 * `whsec_…` included, as UTF-8 bytes. A receiver accepts when any `v1` matches one of its secrets and `t`
 * is within the tolerance of its clock.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/** The tolerance the documentation promises a receiver may use (seconds either side of its clock). */
export const webhookToleranceSeconds = 300

export function webhookSignatureOf(secret: string, timestamp: number, body: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${timestamp}.${body}`)))
}

/**
 * @example
 * signatureHeader(['whsec_new', 'whsec_old'], 1767225600, '{"id":"evt_…"}')
 * // 't=1767225600,v1=5f…,v1=9a…'
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${webhookSignatureOf(s, timestamp, body)}`)].join(',')
}

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed' | 'too_old' | 'too_new' | 'no_match' }

/** Equal-length hex strings compared without an early exit. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * A receiver's check of one delivery, `nowSeconds` its own clock.
 *
 * @example
 * verifySignatureHeader({ header, body, secrets: ['whsec_…'], nowSeconds: Math.floor(Date.now() / 1000) })
 */
export function verifySignatureHeader(input: {
  header: string
  body: string
  secrets: readonly string[]
  nowSeconds: number
  toleranceSeconds?: number
}): SignatureCheck {
  const parts = input.header.split(',').map((p) => p.trim().split('='))
  const t = parts.find(([k]) => k === 't')?.[1]
  const candidates = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v as string)
  if (t === undefined || !/^\d{1,12}$/.test(t) || candidates.length === 0)
    return { ok: false, reason: 'malformed' }
  const timestamp = Number(t)
  const tolerance = input.toleranceSeconds ?? webhookToleranceSeconds
  if (timestamp < input.nowSeconds - tolerance) return { ok: false, reason: 'too_old' }
  if (timestamp > input.nowSeconds + tolerance) return { ok: false, reason: 'too_new' }
  const expected = input.secrets.map((s) => webhookSignatureOf(s, timestamp, input.body))
  const match = candidates.some((c) => expected.some((e) => sameHex(c.toLowerCase(), e)))
  return match ? { ok: true, timestamp } : { ok: false, reason: 'no_match' }
}
