import { overrules } from './lead-stats'

/**
 * The lead's figures as Prometheus metrics (text exposition, GET /metrics): what this console process
 * recorded since it started — decisions by outcome and whether they overruled the machine, and the time
 * from submission to decision. No tenant or user labels: a scrape reveals no customer. Several replicas
 * each export their own counters (sum them in the query).
 *
 * @example
 * const metrics = createReviewMetrics()
 * metrics.decided({ decision: 'genuine', verdict_was: 'suspicious' }, 42)
 * metrics.render() // '# HELP rv_console_decisions_total …'
 */
export function createReviewMetrics() {
  const decisions = new Map<string, number>()
  let seconds = 0
  let count = 0
  return {
    decided(
      d: { decision: 'genuine' | 'forged' | 'escalate'; verdict_was: string | null },
      secondsToDecision: number,
    ) {
      const key = `decision="${d.decision}",overruled="${overrules(d)}"`
      decisions.set(key, (decisions.get(key) ?? 0) + 1)
      seconds += Math.max(0, secondsToDecision)
      count += 1
    },
    render(): string {
      return [
        '# HELP rv_console_decisions_total Decisions recorded in the review console, by outcome and whether they overruled the machine.',
        '# TYPE rv_console_decisions_total counter',
        ...[...decisions].map(([labels, n]) => `rv_console_decisions_total{${labels}} ${n}`),
        '# HELP rv_console_time_to_decision_seconds Time from a check’s submission to a person’s decision.',
        '# TYPE rv_console_time_to_decision_seconds summary',
        `rv_console_time_to_decision_seconds_sum ${seconds}`,
        `rv_console_time_to_decision_seconds_count ${count}`,
        '',
      ].join('\n')
    },
  }
}

export type ReviewMetrics = ReturnType<typeof createReviewMetrics>
