/**
 * A result-topic event -> one stored delivery per enabled endpoint of its tenant subscribed to its type
 * (docs/webhooks.md). Nothing is sent here: the sweeper sends, so a slow endpoint never holds a partition.
 * A redelivered message finds its deliveries stored (their ids come from the event and the endpoint).
 */
import {
  buildWebhookEvent,
  type WebhookSource,
  webhookDeliveryId,
  webhookEventSubject,
} from '@rv/core/webhooks'
import type { WebhookDeliveryRepository, WebhookEndpointRepository } from '@rv/store'

export interface HandlerDeps {
  endpoints: Pick<WebhookEndpointRepository, 'subscribed'>
  deliveries: Pick<WebhookDeliveryRepository, 'enqueue'>
  now: () => Date
}

/**
 * Answers how many deliveries were newly stored. The event is built (the record hashed for its id) only
 * when an endpoint is subscribed to it.
 */
export async function handleResultEvent(source: WebhookSource, deps: HandlerDeps): Promise<number> {
  const subject = webhookEventSubject(source)
  const endpoints = await deps.endpoints.subscribed(subject.tenantId, subject.type)
  if (endpoints.length === 0) return 0
  const { event, checkId } = buildWebhookEvent(source)
  const body = JSON.stringify(event)
  let stored = 0
  for (const endpoint of endpoints) {
    const fresh = await deps.deliveries.enqueue(
      {
        _id: webhookDeliveryId(endpoint._id, event.id),
        tenant_id: event.tenant_id,
        endpoint_id: endpoint._id,
        event_id: event.id,
        event_type: event.type,
        check_id: checkId,
        body,
      },
      deps.now(),
    )
    if (fresh) stored += 1
  }
  return stored
}
