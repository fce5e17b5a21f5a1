/**
 * A tenant's webhook endpoints (docs/webhooks.md): URL, events, the signing secret and, while a rotation
 * runs, the previous one; the failure streak that disables an endpoint. Secrets are stored as given (the
 * service signs with them) and shown once, by the call that makes them.
 */
import { randomBytes } from 'node:crypto'
import { ulidFromDigest } from '@rv/core/webhooks'
import type { WebhookEndpoint, WebhookEventType } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { findOneWith, findWith } from './store-queries'
import { webhookIndexes, webhookQueries } from './webhook-queries'
import { generateWebhookSecret } from './webhook-secret'

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

export function createWebhookEndpointRepository(db: Db, options: { now?: () => Date } = {}) {
  const endpoints: Collection<WebhookEndpointDocument> = db.collection('webhook_endpoints')
  const now = options.now ?? (() => new Date())
  const byTenant = (tenantId: string, id: string) => ({ _id: id, tenant_id: tenantId })

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of webhookIndexes.webhook_endpoints) await endpoints.createIndex(index)
    },
    /** A new enabled endpoint; answers it with its secret (the only time the secret leaves the store). */
    async create(
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
    },
    async list(tenantId: string): Promise<WebhookEndpointDocument[]> {
      return findWith(endpoints, webhookQueries.endpointsOfTenant(tenantId)).toArray()
    },
    /** The tenant's enabled endpoints subscribed to `type`. */
    async subscribed(tenantId: string, type: WebhookEventType): Promise<WebhookEndpointDocument[]> {
      const all = await findWith(endpoints, webhookQueries.endpointsOfTenant(tenantId)).toArray()
      return all.filter((e) => e.status === 'enabled' && e.events.includes(type))
    },
    async find(tenantId: string, id: string): Promise<WebhookEndpointDocument | undefined> {
      const doc = await findOneWith(endpoints, webhookQueries.endpointById(id))
      return doc?.tenant_id === tenantId ? doc : undefined
    },
    async findById(id: string): Promise<WebhookEndpointDocument | undefined> {
      return (await findOneWith(endpoints, webhookQueries.endpointById(id))) ?? undefined
    },
    async remove(tenantId: string, id: string): Promise<boolean> {
      return (await endpoints.deleteOne(byTenant(tenantId, id))).deletedCount === 1
    },
    /**
     * A new secret; the previous one keeps signing (a second `v1=`) for `overlapMs` so receivers can
     * switch without losing a delivery. Answers the new secret, or undefined for an unknown endpoint.
     */
    async rotateSecret(
      tenantId: string,
      id: string,
      overlapMs: number,
    ): Promise<{ endpoint: WebhookEndpointDocument; secret: string } | undefined> {
      const current = await this.find(tenantId, id)
      if (!current) return undefined
      const secret = generateWebhookSecret()
      const at = now()
      const update = {
        secret,
        previous_secret: overlapMs > 0 ? current.secret : null,
        previous_expires_at: overlapMs > 0 ? new Date(at.getTime() + overlapMs) : null,
      }
      const done = await endpoints.updateOne(
        { _id: id, tenant_id: tenantId, secret: current.secret },
        { $set: update },
      )
      if (done.matchedCount !== 1) return undefined
      return { endpoint: { ...current, ...update }, secret }
    },
    /** Enables a disabled endpoint again; its failure streak starts afresh. */
    async enable(tenantId: string, id: string): Promise<WebhookEndpointDocument | undefined> {
      await endpoints.updateOne(byTenant(tenantId, id), {
        $set: { status: 'enabled', disabled_reason: null, disabled_at: null, failing_since: null },
      })
      return this.find(tenantId, id)
    },
    /** A 2xx ended any failure streak. */
    async noteSuccess(id: string): Promise<void> {
      await endpoints.updateOne({ _id: id, failing_since: { $ne: null } }, { $set: { failing_since: null } })
    },
    /** A failed attempt: starts the streak if none runs; answers the endpoint as it now reads. */
    async noteFailure(id: string, at: Date): Promise<WebhookEndpointDocument | undefined> {
      await endpoints.updateOne({ _id: id, failing_since: null }, { $set: { failing_since: at } })
      return this.findById(id)
    },
    async disable(id: string, at: Date): Promise<boolean> {
      const done = await endpoints.updateOne(
        { _id: id, status: 'enabled' },
        { $set: { status: 'disabled', disabled_reason: 'failing', disabled_at: at } },
      )
      return done.modifiedCount === 1
    },
    async eraseTenant(tenantId: string): Promise<void> {
      await endpoints.deleteMany({ tenant_id: tenantId })
    },
  }
}

export type WebhookEndpointRepository = ReturnType<typeof createWebhookEndpointRepository>
