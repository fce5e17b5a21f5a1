import { describe, expect, it } from 'vitest'
import { waitForVacuum } from './vacuum-settle'

/** A clock the sleeps move, and the workers seen at each poll. */
function scripted(workers: number[]) {
  let clock = 0
  let poll = 0
  return {
    workers: async () => workers[Math.min(poll++, workers.length - 1)] as number,
    sleep: async (ms: number) => {
      clock += ms
    },
    now: () => clock,
  }
}

describe('waitForVacuum', () => {
  it('settles once no worker has run for idleForMs, counted from the first idle poll', async () => {
    const s = scripted([2, 1, 0, 0, 1, 0, 0, 0])
    expect(await waitForVacuum({ ...s, idleForMs: 10, maxMs: 1000, pollMs: 5 })).toEqual({
      waitedMs: 35,
      settled: true,
    })
  })

  it('gives up at maxMs while vacuum keeps running', async () => {
    const s = scripted([1])
    expect(await waitForVacuum({ ...s, idleForMs: 10, maxMs: 20, pollMs: 5 })).toEqual({
      waitedMs: 20,
      settled: false,
    })
  })
})
