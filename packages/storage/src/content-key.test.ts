import { describe, expect, it } from 'vitest'
import { contentKey, sha256Hex, tenantFileKey, tenantFilePrefix } from './content-key'

describe('contentKey', () => {
  it('fans out by the first two hex characters', () => {
    const sha = sha256Hex(new TextEncoder().encode('abc'))
    expect(sha).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(contentKey(sha)).toBe(`sha256/ba/${sha}`)
  })

  it('rejects anything but a hex digest', () => {
    expect(() => contentKey('../etc/passwd')).toThrow()
  })
})

describe('tenantFileKey', () => {
  const sha = 'a'.repeat(64)

  it('scopes the object to its tenant and check: two tenants never share one', () => {
    expect(tenantFileKey('ten_a', 'chk_1', sha)).toBe(`tenants/ten_a/chk_1/${sha}`)
    expect(tenantFileKey('ten_a', 'chk_1', sha)).not.toBe(tenantFileKey('ten_b', 'chk_1', sha))
    expect(tenantFileKey('ten_a', 'chk_1', sha).startsWith(tenantFilePrefix('ten_a'))).toBe(true)
  })

  it('rejects ids that could leave the prefix', () => {
    expect(() => tenantFileKey('../x', 'chk_1', sha)).toThrow()
    expect(() => tenantFileKey('ten_a', 'chk/../../b', sha)).toThrow()
  })
})
