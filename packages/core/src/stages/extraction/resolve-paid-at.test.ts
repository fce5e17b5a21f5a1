import { describe, expect, it } from 'vitest'
import { defaultSbpIdWindows, preferSureId, resolvePaidAt } from './resolve-paid-at'

const minute = defaultSbpIdWindows.minute
const second = defaultSbpIdWindows.second

describe('resolvePaidAt', () => {
  it('takes the seconds from the id when the receipt prints minutes (VTB shape)', () => {
    const printed = { year: 2026, month: 2, day: 11, hour: 10, minute: 10, second: null }
    const r = resolvePaidAt({ printed, sbpId: 'B6042071012K4Q270000070017001011', window: minute })
    expect(r).toMatchObject({
      paidAt: '2026-02-11T07:10:12Z',
      source: 'receipt_number',
      sbpIdConsistent: true,
    })
    expect(r.sbpIdDeltaSeconds).toBe(12)
  })

  it('keeps the printed seconds when the receipt prints them and the id agrees (Alfa shape)', () => {
    const printed = { year: 2026, month: 3, day: 7, hour: 12, minute: 56, second: 19 }
    const r = resolvePaidAt({ printed, sbpId: 'A6066095622K7Q2P0000070011700501', window: second })
    expect(r).toMatchObject({
      paidAt: '2026-03-07T09:56:19Z',
      source: 'receipt_number',
      sbpIdDeltaSeconds: 3,
    })
  })

  it('handles an operation after Moscow midnight whose id carries the previous UTC day', () => {
    const printed = { year: 2026, month: 3, day: 7, hour: 1, minute: 31, second: null }
    const r = resolvePaidAt({ printed, sbpId: 'A6065223110K7Q2P0000030011700501', window: minute })
    expect(r).toMatchObject({ paidAt: '2026-03-06T22:31:10Z', source: 'receipt_number' })
  })

  it('falls back to the printed time when the id disagrees, and says so', () => {
    const printed = { year: 2026, month: 3, day: 7, hour: 12, minute: 56, second: 19 }
    const r = resolvePaidAt({ printed, sbpId: 'A6066105622K7Q2P0000070011700501', window: second })
    expect(r).toMatchObject({ paidAt: '2026-03-07T09:56:19Z', source: 'printed', sbpIdConsistent: false })
    expect(r.confidence).toBeLessThan(0.9)
  })

  it('uses the printed time when there is no id, and nothing when there is no printed time', () => {
    const printed = { year: 2026, month: 3, day: 7, hour: 12, minute: 56, second: null }
    expect(resolvePaidAt({ printed, sbpId: null, window: minute })).toMatchObject({
      paidAt: '2026-03-07T09:56:00Z',
      source: 'printed',
    })
    expect(
      resolvePaidAt({ printed: null, sbpId: 'A6065223110K7Q2P0000030011700501', window: minute }).paidAt,
    ).toBeNull()
  })
})

describe('preferSureId (a picture: the id read surely over a printed time read shakily)', () => {
  // The id says 10:10:12 Moscow time; the printed minute was misread as 16.
  const misread = { year: 2026, month: 2, day: 11, hour: 10, minute: 16, second: null }
  const disagreeing = resolvePaidAt({
    printed: misread,
    sbpId: 'B6042071012K4Q270000070017001011',
    window: minute,
  })

  it("takes the id's time, below 0.9, and keeps the disagreement in the facts", () => {
    expect(disagreeing.source).toBe('printed')
    const r = preferSureId(disagreeing, { printed: 0.67, id: 0.96, idAmbiguous: false })
    expect(r).toMatchObject({
      paidAt: '2026-02-11T07:10:12Z',
      source: 'receipt_number',
      sbpIdConsistent: false,
    })
    expect(r.confidence).toBeLessThan(0.9)
  })

  it('keeps the printed time when it was read surely, or the id was not', () => {
    for (const read of [
      { printed: 0.95, id: 0.96, idAmbiguous: false },
      { printed: 0.67, id: 0.8, idAmbiguous: false },
      { printed: 0.67, id: 0.96, idAmbiguous: true },
    ]) {
      expect(preferSureId(disagreeing, read)).toBe(disagreeing)
    }
  })

  it('changes nothing when the two agree', () => {
    const agreeing = resolvePaidAt({
      printed: { ...misread, minute: 10 },
      sbpId: 'B6042071012K4Q270000070017001011',
      window: minute,
    })
    expect(preferSureId(agreeing, { printed: 0.5, id: 0.99, idAmbiguous: false })).toBe(agreeing)
  })
})

describe('a held transfer (printed after the id, within the longest hold)', () => {
  // The id says 12:56:19 Moscow time; the bank executed the transfer 2.4 h later.
  const printed = { year: 2026, month: 3, day: 7, hour: 15, minute: 20, second: 3 }
  const id = 'A6066095619K7Q2P0000070011700501'

  it('keeps the printed (execution) time, surely read, and calls the id consistent with a hold', () => {
    const r = resolvePaidAt({ printed, sbpId: id, window: [-5, 15] })
    expect(r).toMatchObject({ paidAt: '2026-03-07T12:20:03Z', source: 'printed', sbpIdConsistent: true })
    expect(r.sbpIdHeldSeconds).toBe(8624)
    expect(r.confidence).toBeGreaterThanOrEqual(0.9)
  })

  it('is no hold beyond the longest hold: the id disagrees', () => {
    const late = { ...printed, day: 11 }
    const r = resolvePaidAt({ printed: late, sbpId: id, window: [-5, 15] })
    expect(r).toMatchObject({ sbpIdConsistent: false, sbpIdHeldSeconds: null })
    expect(r.confidence).toBeLessThan(0.9)
  })
})

describe('a family that prints seconds, printing the minute only (T-Bank, 1 of 24 in May 2026)', () => {
  it("takes the id's seconds within the printed minute", () => {
    const printed = { year: 2026, month: 3, day: 7, hour: 12, minute: 56, second: null }
    const r = resolvePaidAt({ printed, sbpId: 'A6066095642K7Q2P0000070011700501', window: [-5, 15] })
    expect(r).toMatchObject({
      paidAt: '2026-03-07T09:56:42Z',
      source: 'receipt_number',
      sbpIdConsistent: true,
    })
  })
})
