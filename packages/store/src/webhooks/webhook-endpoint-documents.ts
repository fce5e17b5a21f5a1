import type { WebhookEndpoint, WebhookEventType } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'

export interface WebhookEndpointDocument {
  _id: string
  tenant_id: string
  url: string
  events: WebhookEventType[]
  description: string | null
  secret: string
  previous_secret: string | null
  previous_expires_at: Date | null
  status: 'enabled' | 'disabled'
  disabled_reason: 'failing' | null
  disabled_at: Date | null
  failing_since: Date | null
  created_at: Date
}

export interface NewWebhookEndpoint {
  url: string
  events: WebhookEventType[]
  description?: string | null
}

/** The secrets an endpoint signs with at `now`: the current one, and the previous one until it expires. */
export function signingSecrets(doc: WebhookEndpointDocument, now: Date): string[] {
  const previous =
    doc.previous_secret && doc.previous_expires_at && doc.previous_expires_at > now
      ? [doc.previous_secret]
      : []
  return [doc.secret, ...previous]
}

/** The API's view of an endpoint; `secret` only when just made. */
export function webhookEndpointView(
  doc: WebhookEndpointDocument,
  now: Date,
  secret?: string,
): WebhookEndpoint {
  const rotating = doc.previous_expires_at && doc.previous_expires_at > now ? doc.previous_expires_at : null
  return {
    id: doc._id,
    url: doc.url,
    events: doc.events as WebhookEndpoint['events'],
    description: doc.description,
    status: doc.status,
    disabled_reason: doc.disabled_reason,
    disabled_at: doc.disabled_at?.toISOString() ?? null,
    failing_since: doc.failing_since?.toISOString() ?? null,
    secret_rotation_ends_at: rotating?.toISOString() ?? null,
    created_at: doc.created_at.toISOString(),
    ...(secret === undefined ? {} : { secret }),
  }
}

/** The endpoints collection and the clock the repository was given. */
export interface WebhookEndpointContext {
  endpoints: Collection<WebhookEndpointDocument>
  now: () => Date
}

export function openWebhookEndpoints(db: Db, now: () => Date = () => new Date()): WebhookEndpointContext {
  return { endpoints: db.collection('webhook_endpoints'), now }
}

/** The filter of one endpoint of one tenant. */
export const endpointOfTenant = (tenantId: string, id: string) => ({ _id: id, tenant_id: tenantId })
