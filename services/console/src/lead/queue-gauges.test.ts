import { createInstruments } from '@rv/observability'
import type { ReviewQueue } from '@rv/store'
import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { createQueueGauges } from './queue-gauges'

const t0 = new Date('2026-03-11T12:00:00.000Z')

function setup(waiting: Partial<Record<ReviewQueue, { depth: number; oldest: Date | null }>>) {
  const registry = new Registry()
  const instruments = createInstruments(registry)
  let clock = t0.getTime()
  const calls: ReviewQueue[] = []
  let failing = false
  const gauges = createQueueGauges({
    queue: {
      waitingIn: async (q) => {
        calls.push(q)
        await new Promise((r) => setTimeout(r, 5))
        if (failing) throw new Error('store down')
        return waiting[q] ?? { depth: 0, oldest: null }
      },
    },
    cacheMs: 15_000,
    now: () => new Date(clock),
    instruments: () => instruments,
  })
  return {
    gauges,
    calls,
    tick: (ms: number) => {
      clock += ms
    },
    fail: () => {
      failing = true
    },
    scrape: () => registry.metrics(),
  }
}

describe('review queue gauges', () => {
  it('exports depth and oldest age per queue, with no tenant label', async () => {
    const s = setup({ review: { depth: 3, oldest: new Date(t0.getTime() - 90_000) } })
    await s.gauges.update()
    const text = await s.scrape()
    expect(text).toContain('rv_review_queue_depth{lane="review"} 3')
    expect(text).toContain('rv_review_queue_depth{lane="escalated"} 0')
    expect(text).toContain('rv_review_queue_oldest_age_seconds{lane="review"} 90')
    expect(text).toContain('rv_review_queue_oldest_age_seconds{lane="reject"} 0')
    expect(text).not.toMatch(/tenant/)
  })

  it('reads the store once per cache period, once for concurrent scrapes, and ages between readings', async () => {
    const s = setup({ review: { depth: 1, oldest: t0 } })
    await Promise.all([s.gauges.update(), s.gauges.update(), s.gauges.update()])
    expect(s.calls).toHaveLength(4)
    s.tick(10_000)
    await s.gauges.update()
    expect(s.calls).toHaveLength(4)
    expect(await s.scrape()).toContain('rv_review_queue_oldest_age_seconds{lane="review"} 10')
    s.tick(5_000)
    await s.gauges.update()
    expect(s.calls).toHaveLength(8)
  })

  it('keeps the last values when the store fails, and does not retry before the period ends', async () => {
    const s = setup({ failed: { depth: 2, oldest: t0 } })
    await s.gauges.update()
    s.fail()
    s.tick(20_000)
    await s.gauges.update()
    expect(s.calls).toHaveLength(8)
    expect(await s.scrape()).toContain('rv_review_queue_depth{lane="failed"} 2')
    s.tick(1_000)
    await s.gauges.update()
    expect(s.calls).toHaveLength(8)
  })
})
