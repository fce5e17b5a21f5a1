import { describe, expect, it } from 'vitest'
import { apiKeyPrefix, generateApiKey, hashApiKey, isApiKeyShaped, sameDigest } from './api-key'
import { requestFingerprint } from './idempotency-repository'

describe('generateApiKey', () => {
  it('makes distinct rvk_live_ keys whose hash and prefix derive from the key', () => {
    const a = generateApiKey()
    const b = generateApiKey()
    expect(a.key).toMatch(/^rvk_live_[0-9A-Za-z]{40}$/)
    expect(a.key).not.toBe(b.key)
    expect(a.prefix).toBe(apiKeyPrefix(a.key))
    expect(a.prefix).toHaveLength(17)
    expect(a.hash).toBe(hashApiKey(a.key))
    expect(a.hash).not.toContain(a.key.slice(9))
  })

  it('compares digests exactly', () => {
    const { hash } = generateApiKey()
    expect(sameDigest(hash, hash)).toBe(true)
    expect(sameDigest(hash, hashApiKey('other'))).toBe(false)
    expect(sameDigest(hash, 'ab')).toBe(false)
  })
})

describe('requestFingerprint', () => {
  it('changes with any of file, expectation and filename', () => {
    const base = { fileSha256: 'a'.repeat(64), expectation: '{}', filename: 'r.pdf' }
    const fp = requestFingerprint(base)
    expect(requestFingerprint({ ...base })).toBe(fp)
    expect(requestFingerprint({ ...base, fileSha256: 'b'.repeat(64) })).not.toBe(fp)
    expect(requestFingerprint({ ...base, expectation: '{"amount":1}' })).not.toBe(fp)
    expect(requestFingerprint({ ...base, filename: 'x.pdf' })).not.toBe(fp)
  })
})

describe('isApiKeyShaped', () => {
  it('accepts what generateApiKey makes and nothing else', () => {
    expect(isApiKeyShaped(generateApiKey().key)).toBe(true)
    for (const token of [
      '',
      'rvk_live_',
      `rvk_live_${'a'.repeat(39)}`,
      `rvk_test_${'a'.repeat(40)}`,
      `rvk_live_${'a'.repeat(39)}-`,
    ])
      expect(isApiKeyShaped(token)).toBe(false)
  })
})
