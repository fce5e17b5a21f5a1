import type { Logger } from '@rv/logger'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchStartup } from './startup-watch'

function recordingLogger(): { logger: Logger; warnings: unknown[][] } {
  const warnings: unknown[][] = []
  const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger
  return { logger, warnings }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('watchStartup', () => {
  it('names the step a slow start-up waits on, with how long, until it is done', async () => {
    vi.useFakeTimers()
    let clock = 0
    const { logger, warnings } = recordingLogger()
    const watch = watchStartup(logger, { everyMs: 1000, now: () => clock })
    let release = () => {}
    const indexes = watch.step('indexes', () => new Promise<void>((done) => (release = done)))
    clock = 1000
    vi.advanceTimersByTime(1000)
    expect(warnings).toEqual([['start-up still waiting', { step: 'indexes', stepMs: 1000, startupMs: 1000 }]])
    release()
    await indexes
    await watch.step('bus', async () => {
      clock = 2000
      vi.advanceTimersByTime(1000)
    })
    expect(warnings[1]).toEqual(['start-up still waiting', { step: 'bus', stepMs: 1000, startupMs: 2000 }])
    watch.done()
    vi.advanceTimersByTime(5000)
    expect(warnings).toHaveLength(2)
  })

  it('reports the outer step again once a nested one ends, and "start" outside any step', async () => {
    vi.useFakeTimers()
    const { logger, warnings } = recordingLogger()
    const watch = watchStartup(logger, { everyMs: 1000, now: () => 0 })
    await watch.step('bus', async () => {
      await watch.step('topics', async () => undefined)
      vi.advanceTimersByTime(1000)
    })
    vi.advanceTimersByTime(1000)
    watch.done()
    expect(warnings.map(([, fields]) => (fields as { step: string }).step)).toEqual(['bus', 'start'])
  })

  it('ends the step when its work fails, and passes the failure on', async () => {
    vi.useFakeTimers()
    const { logger, warnings } = recordingLogger()
    const watch = watchStartup(logger, { everyMs: 1000, now: () => 0 })
    await expect(watch.step('store', async () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    )
    vi.advanceTimersByTime(1000)
    watch.done()
    expect(warnings).toEqual([['start-up still waiting', { step: 'start', stepMs: 0, startupMs: 0 }]])
  })
})
