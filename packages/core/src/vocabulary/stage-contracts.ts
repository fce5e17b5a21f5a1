/**
 * The signatures each verification stage implements. The services (one per stage) and the in-process
 * `verify` command call exactly these functions, so both always agree. All are pure: time, secrets and
 * earlier submissions arrive as arguments.
 */
import type {
  DocumentAssessment,
  Expectation,
  FieldLocation,
  MatchFlags,
  ReceiptFields,
  Recommendation,
  ReplayKey,
  ReplayResult,
} from '@rv/schemas'
import type { PdfModel } from './pdf-model'

/** What extraction learns from a document, beyond the public `fields`. */
export interface ExtractionResult {
  /** `<bank>/<variant>` (e.g. `vtb/sbp_outgoing`) or `unknown`. */
  family: string
  fields: ReceiptFields
  /** Whitespace-normalised text of the document, the input of the `content_hash` replay key. */
  normalizedText: string
  /** Facts read from the page that authenticity checks need (printed times, labels found, ...). */
  facts: Readonly<Record<string, string | number | boolean | null>>
  /** Where each field's value was read, in fractions of its page (extraction/field-locations.ts). */
  fieldLocations?: FieldLocation[]
}

/** `extractReceipt(model) => ExtractionResult` lives in `extraction/`. */
export type ExtractStage = (model: PdfModel) => ExtractionResult

export interface AuthenticityContext {
  /** The file name the client uploaded, when it sent one: soft evidence only. */
  filename?: string
  /**
   * Counts of the document's unseen generator signature, passed by the stage when the fingerprint has not
   * seen the document's generator (authenticity/template-drift.ts); absent otherwise.
   */
  templateDrift?: TemplateDriftEvidence
}

/** `assessAuthenticity(...)` lives in `authenticity/`. */
export type AuthenticateStage = (
  model: PdfModel,
  extraction: ExtractionResult,
  context: AuthenticityContext,
) => DocumentAssessment

/** `matchExpectation(...)` lives in `match/`. */
export type MatchStage = (fields: ReceiptFields, expectation: Expectation) => MatchFlags

/** Replay keys of one submission: key kind -> opaque hex digest. A key that cannot be formed is absent. */
export type ReplayKeys = Partial<Record<ReplayKey, string>>

/** An earlier submission that shares at least one key with this one. */
export interface ReplayCandidate {
  checkId: string
  createdAt: string
  keys: ReplayKeys
}

/** `judgeReplay(...)` lives in `replay/`: which earlier check this duplicates, and how. */
export type ReplayStage = (
  keys: ReplayKeys,
  earlier: readonly ReplayCandidate[],
) => ReplayResult & { reasons: string[] }

export interface DecisionInput {
  document: DocumentAssessment
  fields: ReceiptFields
  match: MatchFlags
  replay: ReplayResult
  error: { code: string; message: string; retryable: boolean } | null
  replayReasons: readonly string[]
}

/** `decide(...)` lives in `decision/`, driven by a versioned profile. */
export type DecideStage<Profile> = (
  input: DecisionInput,
  profile: Profile,
) => { recommendation: Recommendation; reasons: string[] }

/** What the stage counted for this document's unseen signature, and the deployment's thresholds. */
export interface TemplateDriftEvidence {
  signature: string
  /** Distinct payers that submitted this signature within the window (this submission included). */
  payers: number
  /** Distinct tenants (merchants) among them. */
  tenants: number
  minPayers: number
  minTenants: number
  windowHours: number
}
