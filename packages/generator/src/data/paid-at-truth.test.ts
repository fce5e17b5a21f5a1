import { describe, expect, it } from 'vitest'
import { paidAtTruth } from './paid-at-truth'

// 07.03.2026 01:31:10 MSK = day 065, 22:31:10 UTC (an operation in the 00:00–03:00 MSK window)
const printedSecond = Date.parse('2026-03-06T22:31:10Z')
const printedMinute = Date.parse('2026-03-06T22:31:00Z')
const id = (hhmmss: string, doy = '065') => `A6${doy}${hhmmss}K7Q2P0000030011700501`

describe('paidAtTruth', () => {
  it('keeps the printed seconds and names the agreeing id as the source', () => {
    expect(paidAtTruth(printedSecond, 'second', id('223114'))).toEqual({
      paid_at: '2026-03-06T22:31:10Z',
      paid_at_source: 'receipt_number',
    })
  })

  it('takes the seconds of a minute-precision receipt from the agreeing id', () => {
    expect(paidAtTruth(printedMinute, 'minute', id('223133'))).toEqual({
      paid_at: '2026-03-06T22:31:33Z',
      paid_at_source: 'receipt_number',
    })
    // the id may fall a few seconds into the previous minute (VTB)
    expect(paidAtTruth(printedMinute, 'minute', id('223052')).paid_at).toBe('2026-03-06T22:30:52Z')
  })

  it('falls back to the printed time without an id or with one that disagrees', () => {
    expect(paidAtTruth(printedSecond, 'second', null)).toEqual({
      paid_at: '2026-03-06T22:31:10Z',
      paid_at_source: 'printed',
    })
    expect(paidAtTruth(printedSecond, 'second', id('223140')).paid_at_source).toBe('printed')
    expect(paidAtTruth(printedMinute, 'minute', id('223133', '066'))).toEqual({
      paid_at: '2026-03-06T22:31:00Z',
      paid_at_source: 'printed',
    })
    expect(paidAtTruth(printedMinute, 'minute', 'not an id').paid_at_source).toBe('printed')
  })
})
