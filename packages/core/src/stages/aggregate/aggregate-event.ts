/**
 * What the aggregator learns about one check, as a discriminated union. The aggregator service turns
 * Kafka messages (and the stored stage slots) into these; `evolve` folds them into state.
 */
import type {
  CheckStatus,
  DocumentAssessment,
  ErrorBlock,
  FieldLocation,
  MatchFlags,
  Mode,
  ModelCall,
  ReceiptFields,
  ReplayResult,
} from '@rv/schemas'

/** The four stages whose results make a check complete. */
import type { StageName } from '../../vocabulary/stage-names'

export { type StageName, stageNames } from '../../vocabulary/stage-names'

/** The parts of a submission that end up in the record. */
export interface SubmissionInfo {
  checkId: string
  tenantId: string
  createdAt: string
  orderRef: string | null
  profile: { name: string; version: number }
  mode: Mode
}

export type AggregateEvent =
  | { type: 'submitted'; submission: SubmissionInfo }
  | {
      type: 'extracted'
      extraction: { family: string; fields: ReceiptFields } | null
      error: ErrorBlock | null
      /** Priced vision-model calls of the extraction; absent in slots stored before the model existed. */
      modelCalls?: readonly ModelCall[]
      /**
       * Where each field was read (check.extracted.v1 `field_locations`): kept in the slot for the review
       * console, never folded into the record (its field sets are the contract's). Absent when none.
       */
      fieldLocations?: readonly FieldLocation[]
    }
  | { type: 'authenticated'; document: DocumentAssessment; error: ErrorBlock | null }
  | { type: 'matched'; match: MatchFlags; error: ErrorBlock | null }
  | { type: 'replay_checked'; replay: ReplayResult; reasons: readonly string[]; error: ErrorBlock | null }
  /** The sweeper saw the check still running past its deadline. */
  | { type: 'deadline_passed' }
  /** The stored record already has this status (read back on redelivery). */
  | { type: 'record_stored'; status: CheckStatus }

export interface StageFailure {
  stage: StageName
  error: ErrorBlock
}

export interface AggregateState {
  submission: SubmissionInfo | null
  extraction: { family: string; fields: ReceiptFields } | null
  /** The extraction's vision-model calls, the source of the record's cost members. */
  modelCalls: readonly ModelCall[]
  document: DocumentAssessment | null
  match: MatchFlags | null
  replay: { result: ReplayResult; reasons: readonly string[] } | null
  /** Stages that reported, in the order they reported. */
  reported: readonly StageName[]
  /** The first stage failure; later ones do not change the outcome. */
  failure: StageFailure | null
  deadlinePassed: boolean
  storedStatus: CheckStatus | null
}
