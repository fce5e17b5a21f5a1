/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * check.completed: a check finished (done or failed); check.settlement_changed: its settlement changed; check.reviewed: a person decided on it in the review console.
 *
 * This interface was referenced by `WebhookEvent`'s JSON-Schema
 * via the `definition` "WebhookEventType".
 */
export type WebhookEventType = 'check.completed' | 'check.settlement_changed' | 'check.reviewed'

/**
 * The JSON body of every webhook request (docs/webhooks.md): one event of a result topic for one check, signed in the RV-Signature header. The same event id is sent again on a retry or a redelivery: deduplicate by it.
 */
export interface WebhookEvent {
  /**
   * `evt_` + a ULID, the same for every delivery of the event (also the RV-Event-Id header).
   */
  id: string
  type: WebhookEventType
  /**
   * Unix seconds of what the event reports: the decision's time (check.reviewed), the settlement's change (check.settlement_changed), the check's submission (check.completed).
   */
  created: number
  tenant_id: string
  /**
   * The event's payload exactly as published on its result topic: the check record (check.completed.v1), the settlement change (check.settlement-changed.v1) or the decision (check.reviewed.v1). The event's own signature is in `data.signature`, unchanged: a detached JWS (Ed25519) over `data` without that member, verified against /.well-known/jwks.json (docs/signed-records.md); absent only when the service signs nothing.
   */
  data: {
    [k: string]: unknown
  }
}
