import type { CheckExplanation } from '@rv/core/review'

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

/** A field beside its expectation, with where it was read (fractions of its page; none when not known). */
export interface FieldRow {
  name: string
  value: unknown
  expected: unknown
  confidence: number | null
  locations: { page: number; left: number; top: number; width: number; height: number }[]
}

/** A check as the check view receives it (core's `explainCheck`). */
export type ExplainedCheck = CheckExplanation

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
  fields: FieldRow[]
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
