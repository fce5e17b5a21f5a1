/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * One event's delivery to one endpoint, with every attempt (docs/webhooks.md): the delivery log of GET /v1/webhook-endpoints/{id}/deliveries.
 */
export interface WebhookDelivery {
  id: string
  endpoint_id: string
  /**
   * `evt_` + a ULID, the same for every delivery of the event (also the RV-Event-Id header).
   */
  event_id: string
  /**
   * check.completed: a check finished (done or failed); check.settlement_changed: its settlement changed; check.reviewed: a person decided on it in the review console.
   */
  event_type: 'check.completed' | 'check.settlement_changed' | 'check.reviewed'
  check_id: string
  /**
   * pending: waiting for its next attempt (or for an earlier event of the same check); delivered: answered 2xx; failed: given up (`failure_reason`).
   */
  status: 'pending' | 'delivered' | 'failed'
  failure_reason: ('retries_exhausted' | 'endpoint_disabled' | 'endpoint_deleted') | null
  next_attempt_at: string | null
  /**
   * The latest attempts, oldest first (at most 50 kept).
   */
  attempts: WebhookAttempt[]
  created_at: string
}
/**
 * This interface was referenced by `WebhookDelivery`'s JSON-Schema
 * via the `definition` "WebhookAttempt".
 */
export interface WebhookAttempt {
  at: string
  /**
   * The endpoint's HTTP status; null when no answer came (`error`).
   */
  status_code: number | null
  /**
   * Why the attempt failed: no answer in time, no connection, an address the SSRF guard refuses, a name that did not resolve, a 3xx (never followed), any other non-2xx status. Null on success.
   */
  error:
    | (
        | 'timeout'
        | 'connection_failed'
        | 'address_refused'
        | 'dns_failed'
        | 'redirect_not_followed'
        | 'http_status'
      )
    | null
  latency_ms: number
}
