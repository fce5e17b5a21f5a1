/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * Value of topic check.reviewed.v1 (console -> downstream subscribers): one person's decision on a finished check, appended after the earlier ones and bound to a digest of the machine record it judged (the record itself is never rewritten). Key: the check id.
 */
export interface CheckReviewedV1 {
  /**
   * Check identifier, `chk_` + a ULID.
   */
  check_id: string
  tenant_id: string
  /**
   * 1 for the check's first decision, then 2, 3…
   */
  seq: number
  /**
   * genuine / forged close the review; escalate hands the check to a lead.
   */
  decision: 'genuine' | 'forged' | 'escalate'
  /**
   * One of the console's fixed reason codes (packages/core/src/stages/review/decision-reasons.ts); required for forged.
   */
  reason_code: string | null
  note: string | null
  /**
   * The console user's e-mail.
   */
  decided_by: string
  role: 'analyst' | 'lead'
  /**
   * SHA-256 of the judged check record as canonical JSON (keys sorted at every depth).
   */
  record_sha256: string
  recommendation_was: ('accept' | 'review' | 'reject') | null
  decided_at: string
  /**
   * The decision's detached JWS (RFC 7515 appendix F): `<protected>..<signature>`, EdDSA (Ed25519) with the signing key's `kid`, over the RFC 8785 canonical JSON of this event without its `signature` member. Keys at the gateway's /.well-known/jwks.json; absent when the service signs nothing (docs/signed-records.md).
   */
  signature?: string
}
