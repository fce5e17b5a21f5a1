import { enableMetrics, renderMetrics } from '@rv/observability'
import { describe, expect, it } from 'vitest'
import { createReviewMetrics } from './review-metrics'

describe('review metrics', () => {
  it('counts decisions by outcome and overrule, and observes the time to decision', async () => {
    enableMetrics({ service: 'console' })
    const m = createReviewMetrics()
    m.decided({ decision: 'genuine', verdict_was: 'suspicious' }, 30)
    m.decided({ decision: 'genuine', verdict_was: 'suspicious' }, 90)
    m.decided({ decision: 'forged', verdict_was: 'suspicious' }, 600)
    const text = (await renderMetrics())?.body ?? ''
    expect(text).toContain(
      'rv_console_decisions_total{decision="genuine",overruled="true",service="console"} 2',
    )
    expect(text).toContain(
      'rv_console_decisions_total{decision="forged",overruled="false",service="console"} 1',
    )
    expect(text).toContain(
      'rv_console_time_to_decision_seconds_bucket{le="60",service="console",decision="genuine"} 1',
    )
    expect(text).toContain(
      'rv_console_time_to_decision_seconds_sum{service="console",decision="genuine"} 120',
    )
    expect(text).toContain('rv_console_time_to_decision_seconds_count{service="console",decision="forged"} 1')
  })
})
