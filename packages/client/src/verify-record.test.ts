import { generateSigningJwk, signRecord, toSigningKey } from '@rv/signing'
import { describe, expect, it } from 'vitest'
import { verifyRecordSignature } from './verify-record.js'

// Signed by the service's own code (@rv/signing, node:crypto + core's canonical JSON); verified here by
// jose + canonicalize, the way a merchant's code would.
const key = toSigningKey(generateSigningJwk())
const retired = toSigningKey(generateSigningJwk())
const jwks = { keys: [key.publicJwk, retired.publicJwk] }
const record = {
  id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
  status: 'done',
  fields: { amount: 600.5, payer_name: 'Михаил О.', currency: 'RUB' },
  reasons: ['amount_matches'],
  recommendation: 'accept',
}

describe('verifyRecordSignature', () => {
  it("verifies a record signed by the service's code, by the key its kid names", async () => {
    expect(await verifyRecordSignature(record, signRecord(record, key), jwks)).toEqual({
      ok: true,
      kid: key.kid,
    })
    expect(await verifyRecordSignature(record, signRecord(record, retired), jwks)).toEqual({
      ok: true,
      kid: retired.kid,
    })
  })

  it('fails after one changed byte of the record, and names an unknown key or a malformed signature', async () => {
    const jws = signRecord(record, key)
    const changed = JSON.parse(JSON.stringify(record).replace('600.5', '600.6'))
    expect(await verifyRecordSignature(changed, jws, jwks)).toEqual({ ok: false, reason: 'bad_signature' })
    expect(await verifyRecordSignature(record, jws, { keys: [retired.publicJwk] })).toEqual({
      ok: false,
      reason: 'unknown_kid',
    })
    expect(await verifyRecordSignature(record, jws.replace('..', '.x.'), jwks)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })
})
