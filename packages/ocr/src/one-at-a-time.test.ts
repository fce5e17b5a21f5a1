import { describe, expect, it } from 'vitest'
import { oneAtATime } from './one-at-a-time'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('oneAtATime', () => {
  it('never lets two tasks overlap, runs them in call order, and goes on after a failure', async () => {
    const exclusive = oneAtATime()
    let running = 0
    let most = 0
    const order: number[] = []
    const task =
      (n: number, fail = false) =>
      async () => {
        running++
        most = Math.max(most, running)
        await tick()
        order.push(n)
        running--
        if (fail) throw new Error(`task ${n}`)
        return n
      }
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => exclusive(task(n, n === 2))))
    expect(most).toBe(1)
    expect(order).toEqual([1, 2, 3, 4])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
  })
})
