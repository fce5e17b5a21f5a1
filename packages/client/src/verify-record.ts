import canonicalize from 'canonicalize'
import { base64url, createLocalJWKSet, errors, flattenedVerify } from 'jose'
import type { Jwks } from './types.js'

export type RecordVerification =
  | { ok: true; kid: string }
  | { ok: false; reason: 'malformed' | 'unknown_kid' | 'bad_signature' }

/**
 * Checks a record's detached JWS (`RV-Record-Signature`, or a check.completed.v1 event's `signature`)
 * against the service's key set (`/.well-known/jwks.json`): the payload put back between the dots is the
 * base64url of the record's RFC 8785 canonical JSON. A few lines of any JOSE library; here `jose`.
 *
 * @example
 * const { ok } = await verifyRecordSignature(record, signature, await rv.getJwks())
 */
export async function verifyRecordSignature(
  record: unknown,
  signature: string,
  jwks: Jwks,
): Promise<RecordVerification> {
  const parts = signature.split('.')
  if (parts.length !== 3 || parts[1] !== '') return { ok: false, reason: 'malformed' }
  const [protectedHeader, , sig] = parts as [string, string, string]
  // One base64url spelling per part: a last character's unused bits must not let a changed byte verify.
  if (!isCanonicalBase64url(protectedHeader) || !isCanonicalBase64url(sig))
    return { ok: false, reason: 'malformed' }
  const canonical = canonicalize(record)
  if (canonical === undefined) return { ok: false, reason: 'malformed' }
  try {
    const result = await flattenedVerify(
      { protected: protectedHeader, payload: base64url.encode(canonical), signature: sig },
      keySetOf(jwks),
      { algorithms: ['EdDSA'] },
    )
    return { ok: true, kid: result.protectedHeader?.kid ?? '' }
  } catch (err) {
    if (err instanceof errors.JWKSNoMatchingKey) return { ok: false, reason: 'unknown_kid' }
    if (err instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: 'bad_signature' }
    return { ok: false, reason: 'malformed' }
  }
}

/** One key set per JWKS object, so its keys are imported once however many records it verifies. */
const keySets = new WeakMap<Jwks, ReturnType<typeof createLocalJWKSet>>()
function keySetOf(jwks: Jwks): ReturnType<typeof createLocalJWKSet> {
  const known = keySets.get(jwks)
  if (known) return known
  const set = createLocalJWKSet(jwks)
  keySets.set(jwks, set)
  return set
}

function isCanonicalBase64url(part: string): boolean {
  try {
    return part !== '' && base64url.encode(base64url.decode(part)) === part
  } catch {
    return false
  }
}
