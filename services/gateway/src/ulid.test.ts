import { describe, expect, it } from 'vitest'
import { newCheckId, ulid } from './ulid'

describe('ulid', () => {
  it('is 26 Crockford characters and sorts by time', () => {
    const a = ulid(1_700_000_000_000)
    const b = ulid(1_700_000_000_001)
    expect(a).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(a < b).toBe(true)
    expect(ulid(0).slice(0, 10)).toBe('0000000000')
  })

  it('makes check ids the record schema accepts', () => {
    expect(newCheckId()).toMatch(/^chk_[0-9A-Za-z]{10,40}$/)
    expect(newCheckId()).not.toBe(newCheckId())
  })
})
