import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical-json'

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }, null] })).toBe('{"a":[{"c":3,"d":2},null],"b":1}')
  })
  it('gives one text for two key orders', () => {
    expect(canonicalJson({ x: 1, y: 'z' })).toBe(canonicalJson({ y: 'z', x: 1 }))
  })
})
