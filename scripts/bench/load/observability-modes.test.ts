import { describe, expect, it } from 'vitest'
import { formatComparison, parseObservabilityModes } from './observability-modes'

describe('observability modes of bench:load', () => {
  it('parses off, on and sampled, in the order given', () => {
    expect(parseObservabilityModes(undefined)).toBeUndefined()
    expect(parseObservabilityModes('off,on')).toEqual(['off', 'on'])
    expect(parseObservabilityModes('off,sampled,on')).toEqual(['off', 'sampled', 'on'])
    expect(() => parseObservabilityModes('off,tracing')).toThrow(/off, on and\/or sampled/)
  })

  it('prints each mode and the relative difference of CPU per check', () => {
    const totals = new Map<'off' | 'on', number[]>([
      ['off', [100, 110]],
      ['on', [110, 121]],
    ])
    expect(formatComparison(totals)).toBe(
      'CPU per check by observability mode: off 105.0 ms (runs 100.0, 110.0), on 115.5 ms (runs 110.0, 121.0) (on - off: +10.0 %)',
    )
    const three = new Map<'off' | 'on' | 'sampled', number[]>([
      ['off', [100]],
      ['sampled', [102]],
      ['on', [111]],
    ])
    expect(formatComparison(three)).toBe(
      'CPU per check by observability mode: off 100.0 ms, sampled 102.0 ms, on 111.0 ms (sampled - off: +2.0 %, on - off: +11.0 %)',
    )
    expect(formatComparison(new Map([['on', [50]]]))).toBe('CPU per check by observability mode: on 50.0 ms')
  })
})
