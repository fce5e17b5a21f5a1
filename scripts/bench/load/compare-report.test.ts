import { describe, expect, it } from 'vitest'
import { compareCaveats, compareRows, formatCompareTable, ratio } from './compare-report'
import type { PointResult } from './report'

function result(
  cpu: Record<string, number>,
  commands: number,
  p99: number,
  lost = 0,
  marginal?: Record<string, number>,
): PointResult {
  return {
    completed: 100,
    cpuPerCheck: cpu,
    marginalCpuPerCheck: marginal,
    commands: {
      services: [{ service: 'gateway', total: commands, byCommand: [['find', commands]] }],
      missing: [],
      total: commands,
      byCommand: [['find', commands]],
    },
    submitToDone: { n: 100, p50: p99 / 2, p95: p99 - 10, p99, max: p99 + 5 },
    lost,
    notTerminal: 0,
    duplicates: 0,
  }
}

describe('comparison table', () => {
  it('puts the marginal CPU beside the window CPU when every window watched the idle services', () => {
    const a = [result({ kafka: 40 }, 8, 400, 0, { kafka: 10 })]
    const b = [result({ kafka: 30 }, 8, 400, 0, { kafka: 6 })]
    const rows = compareRows(a, b)
    expect(rows.find((r) => r.label === 'marginal CPU kafka')).toMatchObject({ a: 10, b: 6 })
    expect(rows.find((r) => r.label === 'marginal CPU total')).toMatchObject({ a: 10, b: 6 })
    // One window without the watch: no marginal lines at all rather than a mean over some windows.
    const partial = compareRows(a, [result({ kafka: 30 }, 8, 400)])
    expect(partial.some((r) => r.label.startsWith('marginal'))).toBe(false)
  })

  it('averages each side over its rounds, sums the losses, and divides B by A', () => {
    const a = [result({ gateway: 10, ferretdb: 30 }, 8, 400), result({ gateway: 12, ferretdb: 34 }, 8, 500)]
    const b = [result({ gateway: 5, ferretdb: 16 }, 4, 300, 1), result({ gateway: 7, ferretdb: 16 }, 4, 350)]
    const rows = compareRows(a, b)
    const at = (label: string) => rows.find((r) => r.label === label)
    expect(at('CPU gateway')).toEqual({ label: 'CPU gateway', unit: 'ms/check', a: 11, b: 6 })
    expect(at('CPU total')).toMatchObject({ a: 43, b: 22 })
    expect(at('store commands gateway')).toMatchObject({ a: 8, b: 4 })
    expect(at('store commands total')).toMatchObject({ a: 8, b: 4 })
    expect(at('  of which find')).toMatchObject({ a: 8, b: 4 })
    expect(at('submit->done p99')).toMatchObject({ a: 450, b: 325 })
    expect(at('completed')).toMatchObject({ a: 200, b: 200 })
    expect(at('lost')).toMatchObject({ a: 0, b: 1 })
    const table = formatCompareTable(rows)
    expect(table[0]).toMatch(/line\s+unit\s+A\s+B\s+B\/A/)
    expect(table.find((l) => l.includes('CPU total'))).toMatch(/43.00\s+22.00\s+0.51$/)
    expect(table.find((l) => l.includes('p99'))).toMatch(/ms\s+450\s+325\s+0.72$/)
    expect(table.find((l) => l.includes('lost'))).toMatch(/checks\s+0\s+1\s+inf$/)
  })

  it('gives a process one side lacks as 0 there', () => {
    const rows = compareRows([result({ gateway: 10 }, 1, 1)], [result({ gateway: 10, console: 2 }, 1, 1)])
    expect(rows.find((r) => r.label === 'CPU console')).toMatchObject({ a: 0, b: 2 })
  })

  it('warns that per-check figures do not compare when a side left checks running', () => {
    const done = result({ gateway: 10 }, 1, 1)
    expect(compareCaveats([done], [done])).toEqual([])
    const running = { ...done, notTerminal: 7 }
    expect(compareCaveats([done, done], [done, running])).toEqual([
      expect.stringMatching(/^not comparable per check: B left 7 check\(s\) running/),
    ])
  })

  it('prints no ratio when A is zero', () => {
    expect(ratio(0, 0)).toBe('-')
    expect(ratio(0, 3)).toBe('inf')
    expect(ratio(4, 2)).toBe('0.50')
    expect(ratio(Number.NaN, 2)).toBe('-')
  })
})
