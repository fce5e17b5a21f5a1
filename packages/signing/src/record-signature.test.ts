import canonicalize from 'canonicalize'
import { flattenedVerify, importJWK } from 'jose'
import { describe, expect, it } from 'vitest'
import { oneByteChanges } from './one-byte-changes.test-fixture'
import { signRecord, verifyRecordSignature } from './record-signature'
import { sampleRecord } from './sample-record.test-fixture'
import { generateSigningJwk, toSigningKey } from './signing-key'

const jwk = generateSigningJwk()
const key = toSigningKey(jwk)
const jwks = { keys: [key.publicJwk] }

describe('signRecord / verifyRecordSignature', () => {
  it('is a detached compact JWS, EdDSA with the key id', () => {
    const jws = signRecord(sampleRecord(), key)
    const [protectedB64, payload, signature] = jws.split('.')
    expect(payload).toBe('')
    expect(JSON.parse(Buffer.from(protectedB64!, 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      kid: jwk.kid,
    })
    expect(Buffer.from(signature!, 'base64url')).toHaveLength(64)
  })

  it('verifies the record whatever order its keys arrive in', () => {
    const jws = signRecord(sampleRecord(), key)
    const reversed = (v: unknown): unknown =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reversed(x)]),
          )
        : v
    expect(JSON.stringify(reversed(sampleRecord()))).not.toBe(JSON.stringify(sampleRecord()))
    expect(verifyRecordSignature(sampleRecord(), jws, jwks)).toEqual({ ok: true, kid: jwk.kid })
    expect(verifyRecordSignature(reversed(sampleRecord()), jws, jwks)).toEqual({ ok: true, kid: jwk.kid })
  })

  it('fails after any one changed byte of the record as sent', () => {
    const text = JSON.stringify(sampleRecord())
    const jws = signRecord(JSON.parse(text), key)
    // Every byte position of a digit or letter, changed to another of its kind, is caught.
    let tried = 0
    for (const [i, changed] of oneByteChanges(text)) {
      tried++
      expect(verifyRecordSignature(changed, jws, jwks), `byte ${i}`).toEqual({
        ok: false,
        reason: 'bad_signature',
      })
    }
    expect(tried).toBeGreaterThan(100)
  })

  it('fails after one changed byte of the signature, and names an unknown key or a malformed one', () => {
    const jws = signRecord(sampleRecord(), key)
    const last = jws.at(-2) === 'A' ? 'B' : 'A'
    const tampered = `${jws.slice(0, -2)}${last}${jws.slice(-1)}`
    expect(verifyRecordSignature(sampleRecord(), tampered, jwks)).toEqual({
      ok: false,
      reason: 'bad_signature',
    })
    expect(verifyRecordSignature(sampleRecord(), jws, { keys: [] })).toEqual({
      ok: false,
      reason: 'unknown_kid',
    })
    expect(verifyRecordSignature(sampleRecord(), 'not-a-jws', jwks)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })

  it('verifies with an off-the-shelf JOSE library and an independent RFC 8785 implementation (jose, canonicalize)', async () => {
    const record = sampleRecord()
    const [protectedB64, , signature] = signRecord(record, key).split('.') as [string, string, string]
    const payload = Buffer.from(canonicalize(record)!).toString('base64url')
    const publicKey = await importJWK(key.publicJwk, 'EdDSA')
    const result = await flattenedVerify({ protected: protectedB64, payload, signature }, publicKey)
    expect(result.protectedHeader).toEqual({ alg: 'EdDSA', kid: jwk.kid })
    const other = Buffer.from(canonicalize({ ...record, recommendation: 'reject' })!).toString('base64url')
    await expect(
      flattenedVerify({ protected: protectedB64, payload: other, signature }, publicKey),
    ).rejects.toThrow()
  })
})
