/**
 * Result-topic events -> one stored delivery per enabled endpoint of its tenant subscribed to its type
 * (docs/webhooks.md). Nothing is sent here: the sweeper sends, so a slow endpoint never holds a partition.
 * A redelivered message finds its deliveries stored (their ids come from the event and the endpoint).
 * A fetched batch reads each of its tenants' endpoints once, at the moment it is handled, as one event would.
 */
import {
  buildWebhookEvent,
  type WebhookSource,
  webhookDeliveryId,
  webhookEventSubject,
} from '@rv/core/webhooks'
import type { WebhookDeliveryRepository, WebhookEndpointDocument, WebhookEndpointRepository } from '@rv/store'

export interface HandlerDeps {
  endpoints: Pick<WebhookEndpointRepository, 'enabledOf'>
  deliveries: Pick<WebhookDeliveryRepository, 'enqueue'>
  now: () => Date
}

/** How many deliveries the events newly stored, in order; one endpoint read per tenant of the batch. */
export async function handleResultEvents(
  sources: readonly WebhookSource[],
  deps: HandlerDeps,
): Promise<number> {
  const enabled = new Map<string, Promise<WebhookEndpointDocument[]>>()
  const enabledOf = (tenantId: string) => {
    const known = enabled.get(tenantId)
    if (known) return known
    const read = deps.endpoints.enabledOf(tenantId)
    enabled.set(tenantId, read)
    return read
  }
  let stored = 0
  for (const source of sources) {
    const subject = webhookEventSubject(source)
    const endpoints = (await enabledOf(subject.tenantId)).filter((e) => e.events.includes(subject.type))
    stored += await storeDeliveries(source, endpoints, deps)
  }
  return stored
}

/** One event: the same as a batch of one. */
export const handleResultEvent = (source: WebhookSource, deps: HandlerDeps): Promise<number> =>
  handleResultEvents([source], deps)

/** The event is built (the record hashed for its id) only when an endpoint is subscribed to it. */
async function storeDeliveries(
  source: WebhookSource,
  endpoints: readonly WebhookEndpointDocument[],
  deps: HandlerDeps,
): Promise<number> {
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
