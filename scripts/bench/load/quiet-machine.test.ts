import { describe, expect, it } from 'vitest'
import { waitForQuiet } from './quiet-machine'

function fakeClock(loads: number[]) {
  let t = 0
  let i = 0
  return {
    read: () => loads[Math.min(i++, loads.length - 1)] as number,
    sleep: async (ms: number) => {
      t += ms
    },
    now: () => t,
  }
}

describe('waitForQuiet', () => {
  it('returns at once on a quiet machine', async () => {
    expect(await waitForQuiet({ below: 2, maxMs: 60_000, ...fakeClock([0.5]) })).toEqual({
      waitedMs: 0,
      quiet: true,
    })
  })

  it('polls until the load average falls to the limit', async () => {
    const r = await waitForQuiet({ below: 2, maxMs: 60_000, pollMs: 5000, ...fakeClock([9, 6, 2.5, 2]) })
    expect(r).toEqual({ waitedMs: 15_000, quiet: true })
  })

  it('gives up after maxMs and says the machine was not quiet', async () => {
    const r = await waitForQuiet({ below: 1, maxMs: 20_000, pollMs: 5000, ...fakeClock([8]) })
    expect(r).toEqual({ waitedMs: 20_000, quiet: false })
  })
})
