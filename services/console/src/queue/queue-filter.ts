import type { QueueEntryDocument } from '@rv/store'

/** What the queue screen filters on (every member optional). */
export interface QueueFilter {
  verdict?: string
  family?: string
  bank?: string
  reason?: string
  minAmount?: number
  maxAmount?: number
  /** `YYYY-MM-DD`: checks finished on or after / on or before that day (UTC). */
  from?: string
  to?: string
}

const keys = ['verdict', 'family', 'bank', 'reason'] as const

export function parseQueueFilter(query: Record<string, string | undefined>): QueueFilter {
  const filter: QueueFilter = {}
  for (const k of keys) if (query[k]) filter[k] = query[k]
  const min = Number(query.min_amount)
  const max = Number(query.max_amount)
  if (query.min_amount && Number.isFinite(min)) filter.minAmount = min
  if (query.max_amount && Number.isFinite(max)) filter.maxAmount = max
  if (query.from && /^\d{4}-\d{2}-\d{2}$/.test(query.from)) filter.from = query.from
  if (query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to)) filter.to = query.to
  return filter
}

export function matchesQueueFilter(e: QueueEntryDocument, f: QueueFilter): boolean {
  const day = e.completed_at.toISOString().slice(0, 10)
  return (
    (f.verdict === undefined || e.verdict === f.verdict) &&
    (f.family === undefined || e.family === f.family) &&
    (f.bank === undefined || e.bank === f.bank) &&
    (f.reason === undefined || e.reasons.includes(f.reason)) &&
    (f.minAmount === undefined || (e.amount !== null && e.amount >= f.minAmount)) &&
    (f.maxAmount === undefined || (e.amount !== null && e.amount <= f.maxAmount)) &&
    (f.from === undefined || day >= f.from) &&
    (f.to === undefined || day <= f.to)
  )
}

/** How many entries each value of each facet would leave: the counts beside the filters. */
export function facetCounts(entries: readonly QueueEntryDocument[]) {
  const count = (values: (string | null)[]) => {
    const out: Record<string, number> = {}
    for (const v of values) out[v ?? 'none'] = (out[v ?? 'none'] ?? 0) + 1
    return out
  }
  return {
    verdict: count(entries.map((e) => e.verdict)),
    family: count(entries.map((e) => e.family)),
    bank: count(entries.map((e) => e.bank)),
    reason: count(entries.flatMap((e) => e.reasons)),
  }
}
