import { type Instruments, metrics } from '@rv/observability'
import { overrules } from './lead-stats'

/**
 * The lead's figures as Prometheus metrics (instruments.ts): decisions by outcome and whether they overruled
 * the machine, and the time from a check's submission to the decision — what this console process recorded. No
 * tenant or user labels: a scrape reveals no customer. Several replicas each count their own (sum them).
 * The queue's depth and oldest age are read from the store at scrape (queue-gauges.ts).
 *
 * @example
 * const metrics = createReviewMetrics()
 * metrics.decided({ decision: 'genuine', verdict_was: 'suspicious' }, 42)
 */
export function createReviewMetrics(instruments: () => Instruments = metrics) {
  return {
    decided(
      d: { decision: 'genuine' | 'forged' | 'escalate'; verdict_was: string | null },
      secondsToDecision: number,
    ) {
      const m = instruments()
      m.reviewDecisions.inc({ decision: d.decision, overruled: String(overrules(d)) })
      m.timeToDecision.observe({ decision: d.decision }, Math.max(0, secondsToDecision))
    },
  }
}

export type ReviewMetrics = ReturnType<typeof createReviewMetrics>
