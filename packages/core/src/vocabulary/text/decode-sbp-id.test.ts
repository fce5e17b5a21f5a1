import { describe, expect, it } from 'vitest'
import { moscowToEpochMs, toIsoUtc } from '../time/moscow-time'
import { decodeSbpIdTime, isSbpId, joinSbpId } from './decode-sbp-id'

const msk = (y: number, mo: number, d: number, h: number, mi: number, s: number | null = null) =>
  moscowToEpochMs({ year: y, month: mo, day: d, hour: h, minute: mi, second: s })

describe('decodeSbpIdTime', () => {
  it('decodes year digit, UTC day of year and UTC time (FAMILIES.md example shape)', () => {
    // Day 042 of 2026 is 11 February; 07:10:12 UTC is 10:10:12 in Moscow.
    const id = 'B6042071012K4Q27000007001700101'.padEnd(32, '1')
    expect(toIsoUtc(decodeSbpIdTime(id, msk(2026, 2, 11, 10, 10))!)).toBe('2026-02-11T07:10:12Z')
  })

  it('applies the midnight rule: 00:00–03:00 Moscow carries the previous UTC day', () => {
    // Day 065 at 22:31:10 UTC is 07.03 01:31:10 in Moscow.
    const id = 'A6065223110K7Q2P0000030011700501'
    const decoded = decodeSbpIdTime(id, msk(2026, 3, 7, 1, 31))!
    expect(toIsoUtc(decoded)).toBe('2026-03-06T22:31:10Z')
    expect(decoded - msk(2026, 3, 7, 1, 31)).toBe(10_000)
  })

  it('takes the decade from the reference, also across a new year', () => {
    const id = 'A5365223000K7Q2P0000030011700501'
    // 01.01.2026 01:30 Moscow is still 31.12.2025 in UTC: year digit 5 belongs to 2025, not 2035.
    expect(toIsoUtc(decodeSbpIdTime(id, msk(2026, 1, 1, 1, 30))!)).toBe('2025-12-31T22:30:00Z')
    expect(new Date(decodeSbpIdTime(id, Date.UTC(2035, 5, 1))!).getUTCFullYear()).toBe(2035)
    expect(decodeSbpIdTime(id, Date.UTC(2031, 5, 1))).toBeNull()
  })

  it('refuses malformed ids and impossible times', () => {
    const ref = msk(2026, 3, 7, 12, 0)
    expect(decodeSbpIdTime('C6065223110K7Q2P0000030011700501', ref)).toBeNull()
    expect(decodeSbpIdTime('A6000223110K7Q2P0000030011700501', ref)).toBeNull()
    expect(decodeSbpIdTime('A6065253110K7Q2P0000030011700501', ref)).toBeNull()
    expect(decodeSbpIdTime('A6065226110K7Q2P0000030011700501', ref)).toBeNull()
    expect(decodeSbpIdTime('A6366120000K7Q2P0000030011700501', ref)).toBeNull()
    expect(decodeSbpIdTime('A6065223110', ref)).toBeNull()
  })

  it('accepts day 366 only in a leap year', () => {
    expect(toIsoUtc(decodeSbpIdTime('A4366120000K7Q2P0000030011700501', Date.UTC(2024, 11, 31))!)).toBe(
      '2024-12-31T12:00:00Z',
    )
  })
})

describe('joinSbpId / isSbpId', () => {
  it('re-joins the wrapped parts printed by VTB (25 + 7) and T-Bank (27 + 5)', () => {
    expect(joinSbpId(['B6042071012K4Q27000007001', '7001011'])).toBe('B6042071012K4Q270000070017001011')
    expect(joinSbpId(['A6106112728K7Q2U0B100700117', '40901'])).toBe('A6106112728K7Q2U0B10070011740901')
    expect(joinSbpId(['A6106112728K7Q2U0B100700117'])).toBeNull()
  })

  it('checks the shape', () => {
    expect(isSbpId('A6066095619K7Q2P0000070011700501')).toBe(true)
    expect(isSbpId('a6066095619K7Q2P0000070011700501')).toBe(false)
    expect(isSbpId('C160703261234567')).toBe(false)
  })
})
