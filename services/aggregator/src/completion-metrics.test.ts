import { enableMetrics, renderMetrics } from '@rv/observability'
import { describe, expect, it } from 'vitest'
import { recordCompletion } from './completion-metrics'

describe('recordCompletion', () => {
  it('counts status, verdict, recommendation and error code, and observes the latency in seconds', async () => {
    enableMetrics({ service: 'aggregator' })
    recordCompletion({
      status: 'done',
      document: { verdict: 'genuine', family: 'vtb', checks: [] },
      recommendation: 'review',
      error: null,
      cost: { latency_ms: 1500 } as never,
    })
    recordCompletion({
      status: 'failed',
      document: { verdict: null, family: null, checks: [] },
      recommendation: null,
      error: { code: 'pdf_unreadable', message: 'x', retryable: false },
      cost: { latency_ms: 40 } as never,
    })
    const body = (await renderMetrics())?.body ?? ''
    expect(body).toContain('rv_checks_completed_total{status="done",service="aggregator"} 1')
    expect(body).toContain('rv_checks_completed_total{status="failed",service="aggregator"} 1')
    expect(body).toContain('rv_verdicts_total{verdict="genuine",service="aggregator"} 1')
    expect(body).toContain('rv_recommendations_total{recommendation="review",service="aggregator"} 1')
    expect(body).toContain('rv_check_errors_total{code="pdf_unreadable",service="aggregator"} 1')
    expect(body).toContain('rv_check_latency_seconds_bucket{le="2",service="aggregator",status="done"} 1')
    expect(body).toContain('rv_check_latency_seconds_bucket{le="1",service="aggregator",status="done"} 0')
    expect(body).toContain('rv_check_latency_seconds_sum{service="aggregator",status="failed"} 0.04')
  })
})
