import { enableMetrics, renderMetrics } from '@rv/observability'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startHeldResultsFlusher } from './held-results-flusher'

afterEach(() => {
  vi.useRealTimers()
})

const silent = { warn: () => undefined }

describe('startHeldResultsFlusher', () => {
  it('writes out held results a few times per hold and exports how many are held', async () => {
    enableMetrics({ service: 'aggregator' })
    vi.useFakeTimers()
    let held = 3
    const flushHeld = vi.fn(async () => {
      held -= 1
    })
    const stop = startHeldResultsFlusher({ flushHeld, heldResults: () => held }, 400, silent)
    await vi.advanceTimersByTimeAsync(100)
    expect(flushHeld).toHaveBeenCalledTimes(1)
    expect((await renderMetrics())?.body).toContain('rv_aggregator_held_results{service="aggregator"} 2')
    await vi.advanceTimersByTimeAsync(100)
    expect((await renderMetrics())?.body).toContain('rv_aggregator_held_results{service="aggregator"} 1')
    stop()
    await vi.advanceTimersByTimeAsync(1000)
    expect(flushHeld).toHaveBeenCalledTimes(2)
  })

  it('keeps the results of a failed round and says so', async () => {
    vi.useFakeTimers()
    const warn = vi.fn()
    const flushHeld = vi.fn(async () => {
      throw new Error('store down')
    })
    const stop = startHeldResultsFlusher({ flushHeld, heldResults: () => 1 }, 400, { warn })
    await vi.advanceTimersByTimeAsync(200)
    stop()
    expect(flushHeld).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledWith('held results not written out; retried', { error: 'store down' })
  })

  it('runs nothing when holding is off', async () => {
    vi.useFakeTimers()
    const flushHeld = vi.fn(async () => undefined)
    startHeldResultsFlusher({ flushHeld, heldResults: () => 0 }, 0, silent)()
    await vi.advanceTimersByTimeAsync(5000)
    expect(flushHeld).not.toHaveBeenCalled()
  })
})
