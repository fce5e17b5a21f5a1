import { describe, expect, it } from 'vitest'
import { figuresOf, formatFigures } from './summary'

describe('bench:observability figures', () => {
  it('gives mean, range and spread of the runs', () => {
    expect(figuresOf('metrics', [90, 110, 100])).toEqual({
      mode: 'metrics',
      runs: [90, 110, 100],
      mean: 100,
      min: 90,
      max: 110,
      spreadPercent: 10,
    })
  })

  it("prices each mode against off and against the services' CPU per check", () => {
    const lines = formatFigures([figuresOf('off', [100, 100]), figuresOf('traces-otlp', [1200, 1000])], 110)
    expect(lines[0]).toContain('[harness alone]')
    expect(lines[1]).toContain('instrumentation +1000.0 ± 100.0 µs/check = 0.91 % of 110 ms')
  })
})
