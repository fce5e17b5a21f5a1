import { describe, expect, it } from 'vitest'
import { checkApiPath, checkIdFromPath } from './check-link'

describe('checkIdFromPath', () => {
  it('reads a check id from its address', () => {
    expect(checkIdFromPath('/check/chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W')).toBe('chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W')
  })

  it('opens nothing for a crafted address', () => {
    for (const path of [
      '/check/..%2F..%2Fapi%2Fsign-out',
      '/check/chk_0123456789%2F..%2F..%2Fsign-out',
      '/check/chk_0123456789/../../api/sign-out',
      '/check/%E0%A4%A',
      '/check/chk_0123456789%3Fqueue%3Descalated',
      '/',
    ])
      expect(checkIdFromPath(path)).toBeUndefined()
  })
})

describe('checkApiPath', () => {
  it('builds the path of a well-shaped id, refuses any other', () => {
    expect(checkApiPath('chk_0123456789', '/claim')).toBe('/api/checks/chk_0123456789/claim')
    expect(() => checkApiPath('../../sign-out', '/claim')).toThrow('not a check id')
  })
})
