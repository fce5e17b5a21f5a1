import type { WebhookEventType } from '@rv/schemas'
import { findOneWith, findWith } from '../store-queries'
import { webhookQueries } from '../webhook-queries'
import type { WebhookEndpointContext, WebhookEndpointDocument } from './webhook-endpoint-documents'

/** What the delivery side reads and writes: who is subscribed, and the failure streak that disables one. */
export function createWebhookEndpointHealth({ endpoints }: WebhookEndpointContext) {
  /** The tenant's enabled endpoints, whatever they subscribe to (one read for a batch of its events). */
  const enabledOf = async (tenantId: string): Promise<WebhookEndpointDocument[]> => {
    const all = await findWith(endpoints, webhookQueries.endpointsOfTenant(tenantId)).toArray()
    return all.filter((e) => e.status === 'enabled')
  }
  return {
    enabledOf,
    /** The tenant's enabled endpoints subscribed to `type`. */
    async subscribed(tenantId: string, type: WebhookEventType): Promise<WebhookEndpointDocument[]> {
      return (await enabledOf(tenantId)).filter((e) => e.events.includes(type))
    },
    async findById(id: string): Promise<WebhookEndpointDocument | undefined> {
      return (await findOneWith(endpoints, webhookQueries.endpointById(id))) ?? undefined
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
  }
}
