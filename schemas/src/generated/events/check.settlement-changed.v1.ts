/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

import type { Settlement } from '../settlement'

/**
 * Value of topic check.settlement-changed.v1 (settlement -> downstream subscribers): a finished check's settlement changed (a credit joined it, possibly late, or the profile's wait ran out). Carries the check's recommendation and reasons as they now read. Key: the check id.
 */
export interface CheckSettlementChangedV1 {
  check_id: string
  tenant_id: string
  settlement: Settlement
  /**
   * The settlement change's detached JWS (RFC 7515 appendix F): `<protected>..<signature>`, EdDSA (Ed25519) with the signing key's `kid`, over the RFC 8785 canonical JSON of this event without its `signature` member. Keys at the gateway's /.well-known/jwks.json; absent when the service signs nothing (docs/signed-records.md).
   */
  signature?: string
}