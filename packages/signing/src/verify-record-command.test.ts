import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { signRecord } from './record-signature'
import { sampleEvents, webhookBodyOf } from './sample-events.test-fixture'
import { sampleRecord } from './sample-record.test-fixture'
import { withSignature } from './signed-event'
import { generateSigningJwk, toSigningKey } from './signing-key'
import { defaultJwksUrl, parseVerifyRecordArgs, verifyRecordFile } from './verify-record-command'

const dir = mkdtempSync(join(tmpdir(), 'rv-verify-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const key = toSigningKey(generateSigningJwk())
const jwksFile = join(dir, 'jwks.json')
writeFileSync(jwksFile, JSON.stringify({ keys: [key.publicJwk] }))

function save(name: string, value: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(value, null, 2))
  return path
}

describe('parseVerifyRecordArgs', () => {
  it('takes one file, an optional signature and key set (the local gateway by default)', () => {
    expect(parseVerifyRecordArgs(['r.json'])).toEqual({ recordFile: 'r.json', jwks: defaultJwksUrl })
    expect(parseVerifyRecordArgs(['--jwks', 'k.json', 'r.json', '--signature', 'a..b'])).toEqual({
      recordFile: 'r.json',
      jwks: 'k.json',
      signature: 'a..b',
    })
    expect(parseVerifyRecordArgs([])).toBeUndefined()
    expect(parseVerifyRecordArgs(['a.json', 'b.json'])).toBeUndefined()
    expect(parseVerifyRecordArgs(['r.json', '--signature'])).toBeUndefined()
  })
})

describe('verifyRecordFile', () => {
  it('verifies a saved GET body with its header, and a saved event envelope with its signature member', async () => {
    const record = sampleRecord()
    const jws = signRecord(record, key)
    const body = save('body.json', record)
    expect(await verifyRecordFile({ recordFile: body, signature: jws, jwks: jwksFile })).toEqual({
      ok: true,
      kid: key.kid,
      checkId: record.id,
    })
    const envelope = save('event.json', { ...record, signature: jws })
    expect((await verifyRecordFile({ recordFile: envelope, jwks: jwksFile })).ok).toBe(true)
  })

  it('fails an edited record, and a record without any signature', async () => {
    const record = sampleRecord()
    const jws = signRecord(record, key)
    const edited = save('edited.json', { ...record, signature: jws, recommendation: 'review' })
    expect(await verifyRecordFile({ recordFile: edited, jwks: jwksFile })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    })
    const bare = save('bare.json', record)
    expect(await verifyRecordFile({ recordFile: bare, jwks: jwksFile })).toEqual({
      ok: false,
      reason: 'malformed',
      checkId: record.id,
    })
  })

  it('verifies a saved event of each signed topic and a saved webhook body, and fails either edited', async () => {
    const ring = { sign: (value: unknown) => signRecord(value, key) }
    for (const [topic, event] of Object.entries(sampleEvents())) {
      const signed = withSignature(ring, event)
      const body = webhookBodyOf(topic, signed)
      const expected = { ok: true, kid: key.kid, checkId: 'chk_01JABCDEFGHJKMNPQRSTVWXYZ0' }
      expect(await verifyRecordFile({ recordFile: save('e.json', signed), jwks: jwksFile }), topic).toEqual(
        expected,
      )
      expect(await verifyRecordFile({ recordFile: save('w.json', body), jwks: jwksFile }), topic).toEqual(
        expected,
      )
      const edited = { ...body, data: { ...body.data, tenant_id: 'shop-2' } }
      expect(await verifyRecordFile({ recordFile: save('w.json', edited), jwks: jwksFile })).toMatchObject({
        ok: false,
        reason: 'bad_signature',
      })
    }
  })

  it('fetches the key set over HTTP when given a URL', async () => {
    const record = sampleRecord()
    const paths: string[] = []
    const server = createServer((req, res) => {
      paths.push(req.url ?? '')
      res.setHeader('content-type', 'application/jwk-set+json')
      res.end(JSON.stringify({ keys: [key.publicJwk] }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const jwks = `http://127.0.0.1:${port}/.well-known/jwks.json`
      const recordFile = save('r.json', record)
      expect((await verifyRecordFile({ recordFile, signature: signRecord(record, key), jwks })).ok).toBe(true)
      expect(paths).toEqual(['/.well-known/jwks.json'])
    } finally {
      server.close()
    }
  })
})
