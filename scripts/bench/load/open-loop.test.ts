import { describe, expect, it } from 'vitest'
import { runOpenLoop } from './open-loop'

describe('runOpenLoop', () => {
  it('sends rate x duration requests without waiting for earlier answers', async () => {
    let concurrent = 0
    let maxConcurrent = 0
    const release: Array<() => void> = []
    const done = runOpenLoop({
      rate: 200,
      durationS: 0.05,
      send: async (index) => {
        concurrent++
        maxConcurrent = Math.max(maxConcurrent, concurrent)
        // No answer until every request was sent: a closed loop would deadlock here.
        await new Promise<void>((r) => release.push(r))
        concurrent--
        return { status: 202, checkId: `c${index}` }
      },
    })
    while (release.length < 10) await new Promise((r) => setTimeout(r, 5))
    for (const r of release) r()
    const submissions = await done
    expect(submissions).toHaveLength(10)
    expect(maxConcurrent).toBe(10)
    expect(submissions.map((s) => s.checkId)).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`))
  })

  it('turns a failed request into status 0 with the error name', async () => {
    const [only] = await runOpenLoop({
      rate: 1,
      durationS: 1,
      send: async () => {
        throw new TypeError('fetch failed')
      },
    })
    expect(only).toMatchObject({ status: 0, code: 'TypeError' })
  })
})
