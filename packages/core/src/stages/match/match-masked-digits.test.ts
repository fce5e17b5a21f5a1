import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { digitsAgree, identifierKinds, matchIdentifier } from './match-masked-digits'

describe('masked identifiers', () => {
  it.each([
    ['+7 (900) 123‑45‑67', '+7 (900) ***-**-67', 'phone'],
    ['+7 (900) 123‑45‑67', '89001234567', 'phone'],
    ['+7(900)123‑45‑67', '9001234567', 'phone'],
    ['9001234567', '+7 900 123 45 67', 'phone'], // VTB client transfer: 10 digits
    ['900***4567', '+79001234567', 'phone'], // Alfa client phone
    ['408178100000****1234', '40817810000000001234', 'account'],
    ['408178100000****1234', '*1234', 'account'],
    ['40817810000000001234', '4081 7810 0000 0000 1234', 'account'],
    ['2200 12** **** 3456', '2200123456783456', 'card'],
    ['220012******3456', '2200 12** **** 3456', 'card'],
    ['**** **** **** 3456', '2200123456783456', 'card'],
  ] as const)('%s ~ %s (%s)', (printed, expected, kind) => {
    expect(matchIdentifier(printed, expected, kind)).toBe(true)
  })

  it.each([
    ['+7 (900) 123‑45‑67', '+7 (900) ***-**-68', 'phone'],
    ['+7 (900) 123‑45‑67', '+7 (901) 123-45-67', 'phone'],
    ['408178100000****1234', '*1235', 'account'],
    ['408178100000****1234', '40817810000000009999', 'account'],
    ['2200 12** **** 3456', '2200123456783457', 'card'],
    ['+7 (900) 123‑45‑67', '*4567', 'account'], // a phone is never an account
    ['**** **** **** ****', '2200123456783456', 'card'], // nothing visible vouches for nothing
    ['+7 (900) ***-**-67', '+7 (900) ***-**-67', 'phone'], // 5 digits shown: fine ...
  ] as const)('%s !~ %s (%s)', (printed, expected, kind) => {
    if (printed === expected) expect(matchIdentifier(printed, expected, kind, 6)).toBe(false)
    else expect(matchIdentifier(printed, expected, kind)).toBe(false)
  })

  it('classifies printed identifiers by shape', () => {
    expect(identifierKinds('+7 (900) 123‑45‑67')).toEqual(['phone'])
    expect(identifierKinds('40817810000000001234')).toEqual(['account'])
    expect(identifierKinds('2200 12** **** 3456')).toEqual(['card'])
    expect(identifierKinds('*1234')).toEqual(['account', 'card'])
  })

  const digits = (n: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''))

  it('any masking of a number agrees with the number when enough digits stay visible', () => {
    fc.assert(
      fc.property(digits(20), fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }), (full, hide) => {
        const masked = [...full].map((d, i) => (hide[i] ? '*' : d)).join('')
        const visible = hide.filter((h) => !h).length
        expect(digitsAgree(masked, full)).toBe(visible >= 4)
      }),
    )
  })

  it('changing one visible digit always breaks agreement', () => {
    fc.assert(
      fc.property(digits(16), fc.integer({ min: 12, max: 15 }), (full, pos) => {
        const changed = full.slice(0, pos) + String((Number(full[pos]) + 1) % 10) + full.slice(pos + 1)
        const masked = `${'*'.repeat(12)}${changed.slice(12)}`
        expect(digitsAgree(masked, full)).toBe(false)
        expect(digitsAgree(`*${changed.slice(12)}`, full)).toBe(false)
      }),
    )
  })
})
