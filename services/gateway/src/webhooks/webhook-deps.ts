import type { WebhookDeliveryRepository, WebhookEndpointRepository } from '@rv/store'

/** What the webhook routes use of the store (docs/webhooks.md). */
export interface WebhookDeps {
  endpoints: Pick<
    WebhookEndpointRepository,
    'create' | 'list' | 'find' | 'remove' | 'rotateSecret' | 'enable'
  >
  deliveries: Pick<WebhookDeliveryRepository, 'listOfEndpoint' | 'find' | 'redeliver' | 'removeOfEndpoint'>
  now: () => Date
}
