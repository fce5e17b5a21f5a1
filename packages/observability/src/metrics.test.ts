import { describe, expect, it } from 'vitest'
import { enableMetrics, metrics, renderMetrics } from './metrics'

// One process, one registry: the order of these tests is the life of a service.
describe('metrics()', () => {
  it('records nothing and renders nothing before metrics are enabled', async () => {
    metrics().checksCompleted.inc({ status: 'done' })
    metrics().consumerLag.set({ group: 'g', topic: 't', partition: 0 }, 3)
    expect(await renderMetrics()).toBeUndefined()
  })

  it('records into the registry once enabled, with the service label and the process metrics', async () => {
    const registry = enableMetrics({ service: 'matching' })
    expect(enableMetrics({ service: 'other' })).toBe(registry)
    metrics().checksCompleted.inc({ status: 'done' })
    const rendered = await renderMetrics()
    expect(rendered?.contentType).toMatch(/^text\/plain/)
    expect(rendered?.body).toContain('rv_checks_completed_total{status="done",service="matching"} 1')
    expect(rendered?.body).toContain('process_cpu_seconds_total{service="matching"}')
  })
})
