import { describe, expect, it } from 'vitest'
import { decodeHexDigits, hexVal } from './hex-digits'

const ascii = (s: string) => new TextEncoder().encode(s)

describe('decodeHexDigits', () => {
  it('reads both cases, skips whitespace and stops after the closing >', () => {
    expect(decodeHexDigits(ascii('4a 6B\n7>rest'), 0)).toEqual({
      bytes: new Uint8Array([0x4a, 0x6b, 0x70]),
      end: 8,
    })
  })

  it('starts at the given position and runs to the end without a >', () => {
    expect(decodeHexDigits(ascii('<<0f'), 2)).toEqual({ bytes: new Uint8Array([0x0f]), end: 4 })
  })

  it('ignores non-hex bytes', () => {
    expect(decodeHexDigits(ascii('zz41g'), 0).bytes).toEqual(new Uint8Array([0x41]))
  })
})

describe('hexVal', () => {
  it('is -1 for bytes that are not hex digits', () => {
    expect([0x2f, 0x3a, 0x40, 0x47, 0x60, 0x67].map(hexVal)).toEqual([-1, -1, -1, -1, -1, -1])
    expect(['0', '9', 'A', 'F', 'a', 'f'].map((c) => hexVal(c.charCodeAt(0)))).toEqual([0, 9, 10, 15, 10, 15])
  })
})
