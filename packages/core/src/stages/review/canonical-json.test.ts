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

// The examples of RFC 8785 itself: the canonical form is what any JCS implementation must produce.
describe('canonicalJson is RFC 8785 (JCS)', () => {
  it('writes the numbers, literals and strings of section 3.2.2 as the RFC does', () => {
    const input = {
      // The RFC's input as JSON text: the literal 333333333.33333329 is read as the nearest double.
      numbers: JSON.parse('[333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001]'),
      string: '\u20ac$\u000F\u000aA\'\u0042\u0022\u005c\\"/',
      literals: [null, true, false],
    }
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    )
  })
  it('orders keys by UTF-16 code units (section 3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    }
    // Read back from the text: JSON.parse would put the integer-like key '1' first again.
    const keys = [...canonicalJson(input).matchAll(/"([^"]+)":"[^"]*"/g)].map((m) => JSON.parse(`"${m[1]}"`))
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'])
  })
  it('writes -0 as 0 and refuses numbers JSON cannot hold', () => {
    expect(canonicalJson({ a: -0 })).toBe('{"a":0}')
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError)
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow(TypeError)
  })
  it('writes a Date as JSON.stringify does, not as an empty object', () => {
    expect(canonicalJson({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe('{"at":"2026-01-02T00:00:00.000Z"}')
  })
})
