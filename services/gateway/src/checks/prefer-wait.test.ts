import { describe, expect, it } from 'vitest'
import { pollUntil, preferWaitSeconds } from './prefer-wait'

describe('preferWaitSeconds', () => {
  it.each([
    [undefined, undefined],
    ['wait=5', 5],
    ['respond-async, wait=10', 10],
    ['wait=100', 30],
    ['wait=abc', undefined],
    ['handling=lenient', undefined],
  ])('%s -> %s', (header, expected) => {
    expect(preferWaitSeconds(header, 30)).toBe(expected)
  })
})

describe('pollUntil', () => {
  it('stops as soon as the value is done', async () => {
    const values = [1, 2, 3, 4]
    let clock = 0
    const result = await pollUntil(
      async () => values.shift() ?? 99,
      (v) => v === 3,
      {
        timeoutMs: 1000,
        intervalMs: 10,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms
        },
      },
    )
    expect(result).toBe(3)
    expect(values).toEqual([4])
  })

  it('returns the last value at the deadline', async () => {
    let clock = 0
    let reads = 0
    const result = await pollUntil(
      async () => ++reads,
      () => false,
      {
        timeoutMs: 100,
        intervalMs: 30,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms
        },
      },
    )
    expect(clock).toBe(100)
    expect(result).toBe(reads)
  })
})

describe('pollUntil: the interval backs off (a 30 s wait is not 300 store reads)', () => {
  it('doubles the interval up to maxIntervalMs: a 30 s wait for a check that never finishes reads ≤ 40 times', async () => {
    let t = 0
    let reads = 0
    const sleeps: number[] = []
    await pollUntil(
      async () => {
        reads++
        return 'processing'
      },
      (v) => v === 'done',
      {
        timeoutMs: 30_000,
        intervalMs: 100,
        maxIntervalMs: 1000,
        now: () => t,
        sleep: async (ms) => {
          sleeps.push(ms)
          t += ms
        },
      },
    )
    expect(sleeps.slice(0, 5)).toEqual([100, 200, 400, 800, 1000])
    expect(reads).toBeLessThanOrEqual(40)
    expect(t).toBe(30_000)
  })
})
