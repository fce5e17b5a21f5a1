import { describe, expect, it } from 'vitest'
import { contentKey, sha256Hex } from './content-key'

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
