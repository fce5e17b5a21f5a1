import { findOneWith, findWith } from '../store-queries'
import { webhookQueries } from '../webhook-queries'
import { generateWebhookSecret } from '../webhook-secret'
import {
  endpointOfTenant,
  type WebhookEndpointContext,
  type WebhookEndpointDocument,
} from './webhook-endpoint-documents'

/** What a tenant does with its endpoints: list, read, remove, rotate the secret, enable again. */
export function createWebhookEndpointAdmin({ endpoints, now }: WebhookEndpointContext) {
  return {
    async list(tenantId: string): Promise<WebhookEndpointDocument[]> {
      return findWith(endpoints, webhookQueries.endpointsOfTenant(tenantId)).toArray()
    },
    async find(tenantId: string, id: string): Promise<WebhookEndpointDocument | undefined> {
      const doc = await findOneWith(endpoints, webhookQueries.endpointById(id))
      return doc?.tenant_id === tenantId ? doc : undefined
    },
    async remove(tenantId: string, id: string): Promise<boolean> {
      return (await endpoints.deleteOne(endpointOfTenant(tenantId, id))).deletedCount === 1
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
      await endpoints.updateOne(endpointOfTenant(tenantId, id), {
        $set: { status: 'enabled', disabled_reason: null, disabled_at: null, failing_since: null },
      })
      return this.find(tenantId, id)
    },
    async eraseTenant(tenantId: string): Promise<void> {
      await endpoints.deleteMany({ tenant_id: tenantId })
    },
  }
}
