import { type StageName, stageNames } from '@rv/core/vocabulary'
import type { CheckRecord, CheckStatus } from '@rv/schemas'

/** Stage slots the aggregator fills, one per result topic: core's stage names (the one list). */
export const stageSlots = stageNames
export type StageSlot = StageName

/** The `checks` document. `stages` is not stored in it: it is assembled from `check_stages` on read. */
export interface CheckDocument {
  _id: string
  tenant_id: string
  status: CheckStatus
  created_at: Date
  /** `hourBucket(created_at)`: the retention sweeper's equality (absent on checks stored before it). */
  created_hour?: string
  updated_at: Date
  record: CheckRecord
  /** The check.submitted.v1 payload, kept so the sweeper can publish it again. */
  submission: Record<string, unknown>
  /** Outbox flag: false until check.submitted.v1 was acknowledged by Kafka. */
  published: boolean
  /** Outbox flag of check.completed.v1: false between writing the terminal record and publishing it. */
  completed_published?: boolean
  stages: Partial<Record<StageSlot, unknown>>
}

/** The terminal record, written once; the source of truth for a finished check. */
export interface CompletionDocument {
  _id: string
  tenant_id: string
  status: CheckStatus
  record: CheckRecord
  at: Date
}

/** What erasing a check needs to know of it: its tenant and where its file is. */
export interface ErasableCheck {
  _id: string
  tenant_id: string
  submission: { file?: { key?: string } }
}
// The whole submission (a small payload): FerretDB v1's support of dotted projections is not relied on.
export const erasableProjection = { _id: 1, tenant_id: 1, submission: 1 }

/** A new `checks` document for `record`, its outbox flags as given. */
export function newCheckDocument(
  record: CheckRecord,
  submission: Record<string, unknown>,
  flags: Pick<CheckDocument, 'published' | 'completed_published'>,
): Omit<CheckDocument, 'stages'> {
  return {
    _id: record.id,
    tenant_id: record.tenant_id,
    status: record.status,
    created_at: new Date(record.created_at),
    updated_at: new Date(),
    record,
    submission,
    ...flags,
  }
}
