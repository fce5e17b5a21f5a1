/* Generated from schemas/json by scripts/generate-types.ts. Do not edit; run `npm run generate -w @rv/schemas`. */

/**
 * A tenant's webhook endpoint as the API shows it (docs/webhooks.md). The signing secret is shown only in the answer that creates it (POST /v1/webhook-endpoints) or rotates it.
 */
export interface WebhookEndpoint {
  id: string
  url: string
  /**
   * @minItems 1
   */
  events: [
    'check.completed' | 'check.settlement_changed' | 'check.reviewed',
    ...('check.completed' | 'check.settlement_changed' | 'check.reviewed')[]
  ]
  description: string | null
  /**
   * disabled: every attempt failed for the disable period (`disabled_reason` says so); nothing is sent until POST .../enable.
   */
  status: 'enabled' | 'disabled'
  /**
   * failing: every attempt since `failing_since` failed, for longer than the disable period.
   */
  disabled_reason: 'failing' | null
  disabled_at: string | null
  /**
   * The first failed attempt since the last success; null while the endpoint answers 2xx.
   */
  failing_since: string | null
  /**
   * While a rotation runs, requests carry a second `v1=` signed with the previous secret until this time.
   */
  secret_rotation_ends_at: string | null
  created_at: string
  /**
   * The signing secret, `whsec_` + 32 random bytes in base64url. Present only when the endpoint is created or its secret rotated; store it then.
   */
  secret?: string
}
