import { describe, expect, it } from 'vitest'
import { percentile, summarize } from './stats'

describe('percentile', () => {
  it('is the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 50)).toBe(50)
    expect(percentile(values, 99)).toBe(99)
    expect(percentile(values, 100)).toBe(100)
  })

  it('is NaN for no values and the value itself for one', () => {
    expect(percentile([], 50)).toBeNaN()
    expect(percentile([7], 99)).toBe(7)
  })
})

describe('summarize', () => {
  it('sorts before ranking', () => {
    expect(summarize([30, 10, 20])).toEqual({ n: 3, p50: 20, p95: 30, p99: 30, max: 30 })
  })
})
