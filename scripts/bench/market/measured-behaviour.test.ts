import { describe, expect, it } from 'vitest'
import { type MeasuredFacts, measuredBehaviours } from './measured-behaviour'

const fresh: MeasuredFacts = {
  bank: 'tbank',
  fileAfterPrinted: 8,
  idTimeSlack: 0,
  printedPrecision: 1,
  keywords: '01.02.2026 10:00:08 | 0123456789abcdef0123456789abcdef | 10893',
  lines: [],
}

describe('measuredBehaviours', () => {
  it('a fresh receipt shows none', () => {
    expect(measuredBehaviours(fresh)).toEqual(['none'])
  })

  it('classes the timing by the file after the printed time and the printed time after the id', () => {
    expect(measuredBehaviours({ ...fresh, fileAfterPrinted: 4 * 86400 })).toEqual(['late_download'])
    expect(measuredBehaviours({ ...fresh, idTimeSlack: -5400 })).toEqual(['held_transfer'])
    expect(measuredBehaviours({ ...fresh, idTimeSlack: -5400, fileAfterPrinted: 86400 })).toEqual([
      'held_late_download',
    ])
    // within the agreement of minute-precision banks, and an id after the printed time, are not holds
    expect(measuredBehaviours({ ...fresh, bank: 'vtb', idTimeSlack: -56 })).toEqual(['none'])
    expect(measuredBehaviours({ ...fresh, idTimeSlack: 3600 })).toEqual(['none'])
  })

  it('T-Bank: a counter of another length and a minutes-only time, besides the timing class', () => {
    const keywords = fresh.keywords!.replace('10893', '731')
    expect(measuredBehaviours({ ...fresh, keywords, fileAfterPrinted: 900 })).toEqual([
      'late_download',
      'counter_length',
    ])
    const minutes = { ...fresh, printedPrecision: null, idTimeSlack: null, lines: ['28.05.2026 21:21'] }
    expect(measuredBehaviours(minutes)).toEqual(['none', 'minutes_only'])
    // T-Bank draws the date and the time with two spaces between them
    expect(measuredBehaviours({ ...minutes, lines: ['28.05.2026  21:21'] })).toEqual(['none', 'minutes_only'])
    expect(measuredBehaviours({ ...minutes, lines: ['28.05.2026  21:21:09'] })).toEqual(['none'])
    expect(measuredBehaviours({ ...fresh, bank: 'alfa', keywords })).toEqual(['none'])
  })
})
