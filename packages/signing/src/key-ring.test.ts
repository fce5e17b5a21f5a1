import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import canonicalize from 'canonicalize'
import { createLocalJWKSet, flattenedVerify } from 'jose'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureActiveKey, loadKeyRing, rotateActiveKey } from './key-ring'
import { verifyRecordSignature } from './record-signature'
import { sampleRecord } from './sample-record.test-fixture'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function files() {
  dir = mkdtempSync(join(tmpdir(), 'rv-keys-'))
  return { activeKeyFile: join(dir, 'active.jwk.json'), verifyKeysFile: join(dir, 'verify.jwks.json') }
}

const id = (n: number) => `chk_01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`

describe('key ring', () => {
  it('without an active key signs nothing and publishes an empty key set', () => {
    const ring = loadKeyRing({})
    expect(ring.sign(sampleRecord())).toBeUndefined()
    expect(ring.jwks).toEqual({ keys: [] })
  })

  it('writes a dev key once, readable by its owner only, and publishes only its public half', () => {
    const f = files()
    expect(ensureActiveKey(f.activeKeyFile)).toBe(true)
    const first = readFileSync(f.activeKeyFile, 'utf8')
    expect(ensureActiveKey(f.activeKeyFile)).toBe(false)
    expect(readFileSync(f.activeKeyFile, 'utf8')).toBe(first)
    expect(statSync(f.activeKeyFile).mode & 0o077).toBe(0)
    const ring = loadKeyRing({ activeKeyFile: f.activeKeyFile })
    expect(ring.jwks.keys).toHaveLength(1)
    expect(ring.jwks.keys[0]).not.toHaveProperty('d')
  })

  it('keeps records signed before a rotation verifiable: the retired key stays in the JWKS', async () => {
    const f = files()
    ensureActiveKey(f.activeKeyFile)
    // Traffic before, across and after the rotation: each record signed by the ring loaded at that time.
    const signed: { record: ReturnType<typeof sampleRecord>; jws: string }[] = []
    let ring = loadKeyRing(f)
    for (let n = 0; n < 6; n++) {
      if (n === 3) {
        rotateActiveKey(f)
        ring = loadKeyRing(f)
      }
      const record = sampleRecord(id(n))
      signed.push({ record, jws: ring.sign(record)! })
    }
    const before = JSON.parse(Buffer.from(signed[0]!.jws.split('.')[0]!, 'base64url').toString()).kid
    const after = ring.active!.kid
    expect(after).not.toBe(before)
    expect(ring.jwks.keys.map((k) => k.kid)).toEqual([after, before])
    for (const { record, jws } of signed) expect(verifyRecordSignature(record, jws, ring.jwks).ok).toBe(true)
    // The same with jose picking the key from the set by kid, as a third party would.
    const keySet = createLocalJWKSet(ring.jwks)
    for (const { record, jws } of signed) {
      const [protectedB64, , signature] = jws.split('.') as [string, string, string]
      const payload = Buffer.from(canonicalize(record)!).toString('base64url')
      await expect(
        flattenedVerify({ protected: protectedB64, payload, signature }, keySet),
      ).resolves.toBeDefined()
    }
    // A second rotation keeps both earlier keys.
    rotateActiveKey(f)
    expect(
      loadKeyRing(f)
        .jwks.keys.map((k) => k.kid)
        .slice(1),
    ).toEqual([after, before])
  })

  it('refuses a key file that is not an Ed25519 private JWK, or whose x does not match d', () => {
    const f = files()
    writeFileSync(f.activeKeyFile, JSON.stringify({ kty: 'RSA', kid: 'x' }))
    expect(() => loadKeyRing(f)).toThrow(/not an Ed25519 private JWK/)
    ensureActiveKey(join(dir, 'a.json'))
    ensureActiveKey(join(dir, 'b.json'))
    const a = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))
    const b = JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8'))
    writeFileSync(f.activeKeyFile, JSON.stringify({ ...a, x: b.x }))
    expect(() => loadKeyRing(f)).toThrow(/x is not the public key of d/)
  })
})
