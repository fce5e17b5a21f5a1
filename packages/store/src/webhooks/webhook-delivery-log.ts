import { findOneWith, findWith } from '../store-queries'
import { webhookQueries } from '../webhook-queries'
import {
  freshSchedule,
  type WebhookDeliveries,
  type WebhookDeliveryDocument,
} from './webhook-delivery-documents'

/** The delivery log a tenant reads and redelivers from, and its removal (an endpoint's, a check's, a tenant's). */
export function createWebhookDeliveryLog(deliveries: WebhookDeliveries) {
  return {
    async find(tenantId: string, id: string): Promise<WebhookDeliveryDocument | undefined> {
      const doc = await findOneWith(deliveries, webhookQueries.deliveryById(id))
      return doc?.tenant_id === tenantId ? doc : undefined
    },
    async listOfEndpoint(
      endpointId: string,
      limit: number,
      beforeSeq?: number,
    ): Promise<WebhookDeliveryDocument[]> {
      return findWith(deliveries, webhookQueries.ofEndpoint(endpointId, limit, beforeSeq)).toArray()
    },
    /**
     * Sends a finished delivery again with a fresh retry schedule (same event id, same body, newly
     * signed). False when it is still pending (it is already scheduled) or unknown.
     */
    async redeliver(tenantId: string, id: string, now: Date): Promise<boolean> {
      const done = await deliveries.updateOne(
        { _id: id, tenant_id: tenantId, state: { $ne: 'pending' } },
        { $set: freshSchedule(now) },
      )
      return done.modifiedCount === 1
    },
    async removeOfEndpoint(endpointId: string): Promise<void> {
      await deliveries.deleteMany({ endpoint_id: endpointId })
    },
    async eraseCheck(checkId: string): Promise<void> {
      await deliveries.deleteMany({ check_id: checkId })
    },
    async eraseTenant(tenantId: string): Promise<void> {
      await deliveries.deleteMany({ tenant_id: tenantId })
    },
  }
}
