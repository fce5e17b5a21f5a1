import { describe, expect, it } from 'vitest'
import { fromMsk } from '../format/time'
import { Rng } from '../random/rng'
import { dayOfYearUtc, decodeSbpTime, freeCharacter, sbpId, tailFor } from './sbp-id'

describe('sbpId', () => {
  it('encodes the UTC day of year and time, 32 chars of [0-9A-Z] after A/B', () => {
    const at = Date.UTC(2026, 2, 6, 9, 56, 19)
    const id = sbpId(at, new Rng('x'))
    expect(id).toMatch(/^[AB][0-9A-Z]{31}$/)
    expect(id.slice(1, 11)).toBe('6065095619')
    expect(decodeSbpTime(id, 2026)).toBe(at)
  })

  it('carries the previous UTC day for operations between 00:00 and 03:00 Moscow time', () => {
    const at = fromMsk(2026, 3, 7, 1, 31, 10)
    const id = sbpId(at, new Rng('midnight'))
    expect(id.slice(1, 5)).toBe('6065')
    expect(id.slice(5, 11)).toBe('223110')
  })

  it('uses the tail of the period, and the Apr 2026 block shape', () => {
    const rng = new Rng('tail')
    expect(tailFor(Date.UTC(2025, 2, 10), rng)).toBe('0011460901')
    const april = sbpId(Date.UTC(2026, 3, 16, 11, 27, 26), new Rng('apr'))
    expect(april.slice(16, 22)).toMatch(/^0[BG]10\d\d$/)
    expect(['0011730902', '0011740501', '0011740901']).toContain(april.slice(22))
    const march = sbpId(Date.UTC(2026, 2, 8, 12, 31, 0), new Rng('mar'))
    expect(march.slice(16, 22)).toMatch(/^0000\d\d$/)
    expect(march.slice(22)).toBe('0011700501')
  })

  it('counts day of year in UTC, leap years included', () => {
    expect(dayOfYearUtc(Date.UTC(2024, 11, 31, 23, 0))).toBe(366)
    expect(dayOfYearUtc(Date.UTC(2025, 0, 1, 0, 0))).toBe(1)
  })

  it('writes digits at positions 12–15 and a digit or a capital at 16, as the real ids have them', () => {
    const at = Date.UTC(2026, 2, 6, 9, 56, 19)
    let digitsAt16 = 0
    const n = 2000
    for (let i = 0; i < n; i++) {
      const id = sbpId(at, new Rng(`free-${i}`))
      expect(id.slice(11, 15)).toMatch(/^\d{4}$/)
      expect(id[15]).toMatch(/^[0-9A-Z]$/)
      if (/\d/.test(id[15]!)) digitsAt16++
    }
    // 24 of the 67 real ids carry a digit there (36 %).
    expect(digitsAt16 / n).toBeGreaterThan(0.3)
    expect(digitsAt16 / n).toBeLessThan(0.42)
  })

  it('maps one uniform draw onto every digit and every capital at position 16', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 10_000; i++) seen.add(freeCharacter(i / 10_000))
    seen.add(freeCharacter(0.9999999999))
    expect([...seen].sort().join('')).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')
  })
})
