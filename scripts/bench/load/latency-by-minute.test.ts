import { describe, expect, it } from 'vitest'
import { formatLatencyByMinute, latencyByMinute } from './latency-by-minute'

describe('latencyByMinute', () => {
  it('buckets checks by the minute they were sent, from the first POST', () => {
    const t0 = 1_700_000_000_000
    const samples = [
      { sentAt: t0 + 5_000, latencyMs: 40 },
      { sentAt: t0, latencyMs: 4000 },
      { sentAt: t0 + 59_999, latencyMs: 50 },
      { sentAt: t0 + 60_000, latencyMs: 30 },
      // Nothing sent in the third minute: no bucket for it.
      { sentAt: t0 + 185_000, latencyMs: 20 },
    ]
    const minutes = latencyByMinute(samples)
    expect(minutes.map((m) => [m.fromS, m.toS, m.summary.n, m.summary.max])).toEqual([
      [0, 60, 3, 4000],
      [60, 120, 1, 30],
      [180, 240, 1, 20],
    ])
    expect(formatLatencyByMinute(minutes)).toBe(
      '0-60 s: p50 50 / p99 4000 ms (n=3); 60-120 s: p50 30 / p99 30 ms (n=1); 180-240 s: p50 20 / p99 20 ms (n=1)',
    )
  })

  it('says nothing of no samples', () => {
    expect(latencyByMinute([])).toEqual([])
  })
})
