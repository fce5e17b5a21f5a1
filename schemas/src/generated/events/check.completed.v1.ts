/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { Cost, DocumentAssessment, ErrorBlock, MatchFlags, ReceiptFields, ReplayResult } from '../check-record'

/**
 * Stable reason codes behind the recommendation.
 */
export type Reasons = string[]

/**
 * Value of topic check.completed.v1 (aggregator -> downstream subscribers): the finished check record, exactly as stored, with status done or failed, and beside it its `signature`. Every record member is the record schema's own (a test keeps the two lists equal). Key: the check id.
 */
export interface CheckCompletedV1 {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  id: string
  /**
   * pending: accepted, no stage has reported; processing: some stages reported; done: every stage reported and a recommendation was made; failed: a stage failed permanently (see error). done and failed are terminal.
   */
  status: 'pending' | 'processing' | 'done' | 'failed'
  created_at: string
  tenant_id: string
  /**
   * Client-side order reference from the expectation; null when not given.
   */
  order_ref: string | null
  profile: string
  profile_version: number
  mode: 'pdf' | 'image'
  document: DocumentAssessment
  fields: ReceiptFields
  match: MatchFlags
  replay: ReplayResult
  /**
   * Null until the check is done or failed.
   */
  recommendation: ('accept' | 'review' | 'reject') | null
  reasons: Reasons
  error: ErrorBlock | null
  cost: Cost
  /**
   * The record's detached JWS (RFC 7515 appendix F): `<protected>..<signature>`, EdDSA (Ed25519) with the signing key's `kid`, over the RFC 8785 canonical JSON of this event without its `signature` member. Keys at the gateway's /.well-known/jwks.json; absent when the service signs nothing (docs/signed-records.md).
   */
  signature?: string
}