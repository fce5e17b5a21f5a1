import { describe, expect, it } from 'vitest'
import { createReviewMetrics } from './review-metrics'

describe('review metrics', () => {
  it('counts decisions by outcome and overrule, and sums the time to decision', () => {
    const m = createReviewMetrics()
    m.decided({ decision: 'genuine', verdict_was: 'suspicious' }, 30)
    m.decided({ decision: 'genuine', verdict_was: 'suspicious' }, 90)
    m.decided({ decision: 'forged', verdict_was: 'suspicious' }, 60)
    const text = m.render()
    expect(text).toContain('rv_console_decisions_total{decision="genuine",overruled="true"} 2')
    expect(text).toContain('rv_console_decisions_total{decision="forged",overruled="false"} 1')
    expect(text).toContain('rv_console_time_to_decision_seconds_sum 180')
    expect(text).toContain('rv_console_time_to_decision_seconds_count 3')
  })
})
