/**
 * submit→done by the minute a check was sent: a long run's percentiles over the whole window hide when its
 * tail happened (the fresh services' first minute, a backlog that grew, a stall), and this says it.
 */
import { type Summary, summarize } from './stats'

export interface SentLatency {
  /** When the POST was sent, ms since the epoch. */
  sentAt: number
  /** POST sent -> check.completed.v1 received, ms. */
  latencyMs: number
}

export interface MinuteLatency {
  /** Seconds from the first POST to the bucket's start and end. */
  fromS: number
  toS: number
  summary: Summary
}

/** Buckets of `bucketS` seconds from the first POST, in order; empty buckets are left out. */
export function latencyByMinute(samples: readonly SentLatency[], bucketS = 60): MinuteLatency[] {
  if (samples.length === 0) return []
  const first = Math.min(...samples.map((s) => s.sentAt))
  const buckets = new Map<number, number[]>()
  for (const s of samples) {
    const k = Math.floor((s.sentAt - first) / (bucketS * 1000))
    const bucket = buckets.get(k)
    if (bucket) bucket.push(s.latencyMs)
    else buckets.set(k, [s.latencyMs])
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([k, values]) => ({ fromS: k * bucketS, toS: (k + 1) * bucketS, summary: summarize(values) }))
}

export function formatLatencyByMinute(minutes: readonly MinuteLatency[]): string {
  return minutes
    .map(
      (m) =>
        `${m.fromS}-${m.toS} s: p50 ${Math.round(m.summary.p50)} / p99 ${Math.round(m.summary.p99)} ms (n=${m.summary.n})`,
    )
    .join('; ')
}
