import { findOneWith, findWith } from '../store-queries'
import { webhookQueries } from '../webhook-queries'
import type { WebhookDeliveries, WebhookDeliveryDocument } from './webhook-delivery-documents'

/** What is due, and the lanes: one delivery of an endpoint and check at a time, the next woken when it ends. */
export function createWebhookDeliveryLanes(deliveries: WebhookDeliveries) {
  return {
    async due(now: Date, limit: number): Promise<WebhookDeliveryDocument[]> {
      return findWith(deliveries, webhookQueries.due(now, limit)).toArray()
    },
    async headOfLane(lane: string): Promise<WebhookDeliveryDocument | undefined> {
      return (await findOneWith(deliveries, webhookQueries.headOfLane(lane))) ?? undefined
    },
    /** Parks a delivery behind the earlier one of its lane; it is woken when that one ends, or at `recheckAt`. */
    async block(doc: WebhookDeliveryDocument, recheckAt: Date): Promise<void> {
      await deliveries.updateOne(
        { _id: doc._id, state: 'pending', due_at: doc.due_at },
        { $set: { blocked: true, due_at: recheckAt } },
      )
    },
    /** Makes the head of a lane due now when it was only waiting for its turn. */
    async wakeLane(lane: string, now: Date): Promise<void> {
      const head = await this.headOfLane(lane)
      if (head?.blocked)
        await deliveries.updateOne(
          { _id: head._id, state: 'pending', blocked: true },
          { $set: { blocked: false, due_at: now } },
        )
    },
  }
}
