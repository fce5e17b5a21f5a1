import { describe, expect, it } from 'vitest'
import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import { seg } from '../../../testing/authenticity/segments'
import { decodeSbpIdTime, parsePdfDate, readPrintedFacts } from './printed-facts'

describe('SBP id time', () => {
  it('decodes year digit, UTC day of year and HHMMSS (FAMILIES.md example)', () => {
    const printedMsk = Date.UTC(2026, 2, 7, 1, 31, 10) / 1000 - 3 * 3600
    const decoded = decodeSbpIdTime('A6065223110K7Q2P0000030011700501', printedMsk)
    // Day 065 at 22:31:10 UTC is 07.03 01:31:10 MSK: the previous UTC day, as between 00:00 and 03:00 MSK.
    expect(decoded).toBe(Date.UTC(2026, 2, 6, 22, 31, 10) / 1000)
    expect(decoded).toBe(printedMsk)
  })

  it('takes the decade from the reference time and rejects impossible times', () => {
    const ref = Date.UTC(2030, 0, 2) / 1000
    expect(new Date(decodeSbpIdTime('B0001120000K7Q2P0000030011700501', ref)! * 1000).getUTCFullYear()).toBe(
      2030,
    )
    expect(decodeSbpIdTime('A6400120000K7Q2P0000030011700501', ref)).toBeNull()
    expect(decodeSbpIdTime('A6065256110K7Q2P0000030011700501', ref)).toBeNull()
  })
})

describe('PDF dates', () => {
  it('reads Moscow offsets, Z and local dates', () => {
    expect(parsePdfDate("D:20260312000331+03'00'")).toBe(Date.UTC(2026, 2, 11, 21, 3, 31) / 1000)
    expect(parsePdfDate('D:20260408065430Z')).toBe(Date.UTC(2026, 3, 8, 6, 54, 30) / 1000)
    expect(parsePdfDate('garbage')).toBeNull()
  })
})

describe('printed operation time', () => {
  const noInfo = { info: {} } as unknown as PdfStructure
  it('reads a T-Bank time printed with seconds, and one printed to the minute only', () => {
    const withSeconds = readPrintedFacts('tbank', [seg('28.05.2026 21:21:05', 20, 40)], noInfo)
    expect(withSeconds.operation).toMatchObject({ precision: 1 })
    const minuteOnly = readPrintedFacts('tbank', [seg('28.05.2026 21:21', 20, 40)], noInfo)
    expect(minuteOnly.operation).toMatchObject({ epoch: Date.UTC(2026, 4, 28, 18, 21) / 1000, precision: 60 })
  })
})
