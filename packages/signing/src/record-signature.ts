import { createPublicKey, sign, verify } from 'node:crypto'
import { canonicalJson } from '@rv/core/review'
import type { Jwks, SigningKey } from './signing-key'

/** The protected header of every record signature. */
interface ProtectedHeader {
  alg: 'EdDSA'
  kid: string
}

export type VerifyFailure = 'malformed' | 'unsupported_alg' | 'unknown_kid' | 'bad_signature'
export type VerifyResult = { ok: true; kid: string } | { ok: false; reason: VerifyFailure }

/**
 * Signs a check record: a JWS with detached content (RFC 7515 appendix F), `<protected>..<signature>`,
 * EdDSA (Ed25519) over the record's canonical JSON (RFC 8785). The payload is left out because the record
 * travels beside the signature; a verifier puts base64url(canonical JSON of the record) back between the dots.
 *
 * @example
 * res.headers.set('RV-Record-Signature', signRecord(record, key))
 */
export function signRecord(record: unknown, key: SigningKey): string {
  const header: ProtectedHeader = { alg: 'EdDSA', kid: key.kid }
  const protectedB64 = Buffer.from(JSON.stringify(header)).toString('base64url')
  const input = signingInput(protectedB64, record)
  return `${protectedB64}..${sign(null, input, key.privateKey).toString('base64url')}`
}

/**
 * Checks a detached record signature against a key set (the service's /.well-known/jwks.json): the key is
 * chosen by the header's `kid`, so records signed before a rotation verify with the retired key.
 */
export function verifyRecordSignature(record: unknown, jws: string, jwks: Jwks): VerifyResult {
  const parts = jws.split('.')
  if (parts.length !== 3 || parts[1] !== '') return { ok: false, reason: 'malformed' }
  const [protectedB64, , signatureB64] = parts as [string, string, string]
  // Only the one base64url spelling of each part: the unused low bits of a last character would otherwise
  // let a changed byte of the signature still verify.
  if (!isCanonicalBase64url(protectedB64) || !isCanonicalBase64url(signatureB64))
    return { ok: false, reason: 'malformed' }
  let header: Partial<ProtectedHeader>
  try {
    header = JSON.parse(Buffer.from(protectedB64, 'base64url').toString('utf8')) as Partial<ProtectedHeader>
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (header.alg !== 'EdDSA') return { ok: false, reason: 'unsupported_alg' }
  const jwk = jwks.keys.find((k) => k.kid === header.kid)
  if (jwk?.kty !== 'OKP' || jwk.crv !== 'Ed25519') return { ok: false, reason: 'unknown_kid' }
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' })
  const good = verify(null, signingInput(protectedB64, record), key, Buffer.from(signatureB64, 'base64url'))
  return good ? { ok: true, kid: jwk.kid } : { ok: false, reason: 'bad_signature' }
}

function isCanonicalBase64url(part: string): boolean {
  return part !== '' && Buffer.from(part, 'base64url').toString('base64url') === part
}

function signingInput(protectedB64: string, record: unknown): Buffer {
  return Buffer.from(`${protectedB64}.${Buffer.from(canonicalJson(record)).toString('base64url')}`)
}

/** The response header of GET /v1/checks/{id} that carries the record's detached JWS. */
export const recordSignatureHeader = 'RV-Record-Signature'
