import { createLogger } from '@rv/logger'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type SweeperDeps, startSweeper } from './sweeper'

afterEach(() => {
  vi.useRealTimers()
})

/** A sweeper whose first query resolves only when `release` is called. */
function slowSweeper() {
  let calls = 0
  let release = () => {}
  const deps: SweeperDeps = {
    checks: {
      findUnpublished: () => {
        calls++
        return new Promise((resolve) => {
          release = () => resolve([])
        })
      },
      findStuck: async () => [],
      findCompletedUnpublished: async () => [],
      markPublished: async () => {},
      markCompletedPublished: async () => {},
    },
    handler: { settle: async () => [] },
    publishSubmitted: async () => {},
    publishCompleted: async () => {},
    logger: createLogger({ level: 'silent' }),
    now: () => new Date(),
    republishAfterMs: 1000,
    deadlineMs: 60_000,
  }
  return { deps, calls: () => calls, release: () => release() }
}

describe('startSweeper', () => {
  it('skips the ticks that find the previous sweep still running', async () => {
    vi.useFakeTimers()
    const slow = slowSweeper()
    const sweeper = startSweeper(slow.deps, 1000)
    await vi.advanceTimersByTimeAsync(5500)
    expect(slow.calls()).toBe(1)
    slow.release()
    await vi.advanceTimersByTimeAsync(1000)
    expect(slow.calls()).toBe(2)
    slow.release()
    await sweeper.stop()
  })
})
