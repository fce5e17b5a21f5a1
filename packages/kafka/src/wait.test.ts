import { describe, expect, it } from 'vitest'
import { ShutdownInProgressError, sleepWithHeartbeats } from './wait'

describe('sleepWithHeartbeats', () => {
  it('waits in heartbeat-sized steps, heartbeating after each', async () => {
    let beats = 0
    await sleepWithHeartbeats(25, 10, async () => void beats++, new AbortController().signal)
    expect(beats).toBe(3)
  })

  it('still completes when a heartbeat fails (the next message commit will tell)', async () => {
    await expect(
      sleepWithHeartbeats(
        5,
        10,
        () => Promise.reject(new Error('rebalancing')),
        new AbortController().signal,
      ),
    ).resolves.toBeUndefined()
  })

  it('gives up at once on shutdown, before or during the wait', async () => {
    const stopped = new AbortController()
    stopped.abort()
    await expect(sleepWithHeartbeats(60_000, 1000, async () => {}, stopped.signal)).rejects.toBeInstanceOf(
      ShutdownInProgressError,
    )
    const stopping = new AbortController()
    const waiting = sleepWithHeartbeats(60_000, 60_000, async () => {}, stopping.signal)
    stopping.abort()
    await expect(waiting).rejects.toBeInstanceOf(ShutdownInProgressError)
  })
})
