import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { createInstruments, metricPrefix } from './instruments'

async function scrape(record: (m: ReturnType<typeof createInstruments>) => void): Promise<string> {
  const registry = new Registry()
  record(createInstruments(registry))
  return registry.metrics()
}

describe('createInstruments', () => {
  it('names every series with one prefix, base units and _total counters', async () => {
    const registry = new Registry()
    createInstruments(registry)
    const metrics = await registry.getMetricsAsJSON()
    expect(metrics.length).toBeGreaterThan(15)
    for (const m of metrics) {
      expect(m.name.startsWith(metricPrefix)).toBe(true)
      if (String(m.type) === 'counter') expect(m.name).toMatch(/_total$/)
      if (String(m.type) === 'histogram') expect(m.name).toMatch(/_seconds$/)
      expect(m.name).not.toMatch(/_ms|millis|tenant/)
      expect(JSON.stringify(m)).not.toMatch(/tenant/)
    }
  })

  it('exposes what was recorded under its labels', async () => {
    const text = await scrape((m) => {
      m.httpRequests.inc({ method: 'POST', route: '/v1/checks', status: 202 })
      m.stageDuration.observe({ stage: 'matching', topic: 'check.extracted.v1', outcome: 'ok' }, 0.02)
      m.consumerLag.set({ group: 'rv-matching', topic: 'check.extracted.v1', partition: 2 }, 7)
      m.modelCost.inc({ model: 'm1' }, 0.0125)
    })
    expect(text).toContain('rv_http_requests_total{method="POST",route="/v1/checks",status="202"} 1')
    expect(text).toContain(
      'rv_stage_processing_seconds_bucket{le="0.025",stage="matching",topic="check.extracted.v1",outcome="ok"} 1',
    )
    expect(text).toContain(
      'rv_consumer_lag_messages{group="rv-matching",topic="check.extracted.v1",partition="2"} 7',
    )
    expect(text).toContain('rv_model_cost_usd_total{model="m1"} 0.0125')
  })
})
