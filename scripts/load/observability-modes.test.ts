import { describe, expect, it } from 'vitest'
import { formatComparison, parseObservabilityModes } from './observability-modes'

describe('observability modes of bench:load', () => {
  it('parses off and on, in the order given', () => {
    expect(parseObservabilityModes(undefined)).toBeUndefined()
    expect(parseObservabilityModes('off,on')).toEqual(['off', 'on'])
    expect(() => parseObservabilityModes('off,tracing')).toThrow(/off and\/or on/)
  })

  it('prints each mode and the relative difference of CPU per check', () => {
    const totals = new Map<'off' | 'on', number[]>([
      ['off', [100, 110]],
      ['on', [110, 121]],
    ])
    expect(formatComparison(totals)).toBe(
      'CPU per check by observability mode: off 105.0 ms, on 115.5 ms (on - off: +10.0 %)',
    )
    expect(formatComparison(new Map([['on', [50]]]))).toBe('CPU per check by observability mode: on 50.0 ms')
  })
})
