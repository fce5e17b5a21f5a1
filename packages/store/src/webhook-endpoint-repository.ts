/**
 * A tenant's webhook endpoints (docs/webhooks.md): URL, events, the signing secret and, while a rotation
 * runs, the previous one; the failure streak that disables an endpoint. Secrets are stored as given (the
 * service signs with them) and shown once, by the call that makes them.
 */
import { randomBytes } from 'node:crypto'
import { ulidFromDigest } from '@rv/core/webhooks'
import type { Db } from 'mongodb'
import { webhookIndexes } from './webhook-queries'
import { generateWebhookSecret } from './webhook-secret'
import { createWebhookEndpointAdmin } from './webhooks/webhook-endpoint-admin'
import {
  type NewWebhookEndpoint,
  openWebhookEndpoints,
  type WebhookEndpointContext,
  type WebhookEndpointDocument,
} from './webhooks/webhook-endpoint-documents'
import { createWebhookEndpointHealth } from './webhooks/webhook-endpoint-health'

export {
  type NewWebhookEndpoint,
  signingSecrets,
  type WebhookEndpointDocument,
  webhookEndpointView,
} from './webhooks/webhook-endpoint-documents'

/** A new enabled endpoint; answers it with its secret (the only time the secret leaves the store). */
async function createEndpoint(
  { endpoints, now }: WebhookEndpointContext,
  tenantId: string,
  input: NewWebhookEndpoint,
): Promise<{ endpoint: WebhookEndpointDocument; secret: string }> {
  const at = now()
  const secret = generateWebhookSecret()
  const endpoint: WebhookEndpointDocument = {
    _id: `we_${ulidFromDigest(at.getTime(), randomBytes(10))}`,
    tenant_id: tenantId,
    url: input.url,
    events: input.events,
    description: input.description ?? null,
    secret,
    previous_secret: null,
    previous_expires_at: null,
    status: 'enabled',
    disabled_reason: null,
    disabled_at: null,
    failing_since: null,
    created_at: at,
  }
  await endpoints.insertOne(endpoint)
  return { endpoint, secret }
}

/** The tenant's side (`webhooks/webhook-endpoint-admin.ts`) and the delivery side (`webhook-endpoint-health.ts`). */
export function createWebhookEndpointRepository(db: Db, options: { now?: () => Date } = {}) {
  const ctx = openWebhookEndpoints(db, options.now)
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of webhookIndexes.webhook_endpoints) await ctx.endpoints.createIndex(index)
    },
    create: (tenantId: string, input: NewWebhookEndpoint) => createEndpoint(ctx, tenantId, input),
    ...createWebhookEndpointAdmin(ctx),
    ...createWebhookEndpointHealth(ctx),
  }
}

export type WebhookEndpointRepository = ReturnType<typeof createWebhookEndpointRepository>
