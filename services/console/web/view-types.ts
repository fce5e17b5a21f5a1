/** The shapes the console API returns to the page (services/console/src: queue-routes.ts, check-view.ts). */
export interface QueueItem {
  check_id: string
  verdict: string | null
  family: string | null
  bank: string | null
  amount: number | null
  reasons: string[]
  completed_at: string
  age_seconds: number
  claimed_by: string | null
}

export interface QueuePage {
  queue: string
  total: number
  counts: Record<'verdict' | 'family' | 'bank' | 'reason', Record<string, number>>
  items: QueueItem[]
}

export interface ExplainedCheck {
  name: string
  passed: boolean
  hard: boolean
  meaning: string
  detail: string
  falseAlarm: { rate: number; basis: string } | null
  boxes: { page: number; x0: number; x1: number; top: number; bottom: number }[]
}

export interface CheckViewData {
  record: {
    id: string
    status: string
    recommendation: string | null
    reasons: string[]
    document: { verdict: string | null; family: string | null }
    created_at: string
  }
  checks: ExplainedCheck[]
  fields: { name: string; value: unknown; expected: unknown; confidence: number | null }[]
  match: Record<string, boolean | null>
  replay: { seen_before: boolean | null; duplicate_of: string | null; keys_matched: string[] }
  file: Record<string, string | number | null>
  decisions: {
    seq: number
    decision: string
    reason_code: string | null
    decided_by: string
    decided_at: string
  }[]
  queue: { lane: string; held_by: string | null } | null
}
