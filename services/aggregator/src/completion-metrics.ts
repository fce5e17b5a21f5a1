/**
 * What a finished check adds to the metrics: its status and submit-to-done latency, its verdict and
 * recommendation, and its error code. Recorded where the completion is published (a completion the sweeper
 * publishes again after a crash counts again: at least once, like the event).
 */
import { metrics } from '@rv/observability'
import type { CheckRecord } from '@rv/schemas'

export function recordCompletion(
  record: Pick<CheckRecord, 'status' | 'document' | 'recommendation' | 'error' | 'cost'>,
): void {
  const m = metrics()
  m.checksCompleted.inc({ status: record.status })
  const latencyMs = record.cost.latency_ms
  if (latencyMs !== null) m.checkLatency.observe({ status: record.status }, latencyMs / 1000)
  if (record.document.verdict) m.verdicts.inc({ verdict: record.document.verdict })
  if (record.recommendation) m.recommendations.inc({ recommendation: record.recommendation })
  if (record.error) m.checkErrors.inc({ code: record.error.code })
}
