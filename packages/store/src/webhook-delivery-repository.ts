/**
 * Webhook deliveries (docs/webhooks.md): one document per event and endpoint (`_id` derived from both, so
 * a redelivered Kafka message finds its delivery instead of making a second one), with the fixed JSON
 * body, the state, the due time the sweeper works by and the attempts so far. An attempt is taken by a
 * lease — the due time moved past the attempt's timeout and a token — so a process killed mid-attempt
 * leaves a delivery that falls due again (at least once), and a stale attempt cannot overwrite a newer one.
 */
import type { Db } from 'mongodb'
import { webhookIndexes } from './webhook-queries'
import { createWebhookDeliveryAttempts } from './webhooks/webhook-delivery-attempts'
import { openWebhookDeliveries } from './webhooks/webhook-delivery-documents'
import { createWebhookDeliveryLanes } from './webhooks/webhook-delivery-lanes'
import { createWebhookDeliveryLog } from './webhooks/webhook-delivery-log'

export {
  type AttemptOutcome,
  keptWebhookAttempts,
  type NewWebhookDelivery,
  type StoredWebhookAttempt,
  type WebhookDeliveryDocument,
  webhookDeliveryView,
} from './webhooks/webhook-delivery-documents'

/**
 * The attempts (`webhooks/webhook-delivery-attempts.ts`), the lanes (`webhook-delivery-lanes.ts`) and the log
 * (`webhook-delivery-log.ts`) composed.
 */
export function createWebhookDeliveryRepository(db: Db) {
  const deliveries = openWebhookDeliveries(db)
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of webhookIndexes.webhook_deliveries) await deliveries.createIndex(index)
    },
    ...createWebhookDeliveryAttempts(deliveries),
    ...createWebhookDeliveryLanes(deliveries),
    ...createWebhookDeliveryLog(deliveries),
  }
}

export type WebhookDeliveryRepository = ReturnType<typeof createWebhookDeliveryRepository>
