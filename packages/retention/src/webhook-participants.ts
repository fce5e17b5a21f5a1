import type { Store } from '@rv/store'
import type { ErasureParticipant } from './erasure-registry'

/**
 * What the webhooks hold of a check or a tenant (docs/webhooks.md): a check's deliveries (each body is
 * the check's event, the record included); a tenant's endpoints (URLs and secrets) and every delivery.
 */
export function webhookParticipants(
  store: Pick<Store, 'webhookEndpoints' | 'webhookDeliveries'>,
): ErasureParticipant[] {
  return [
    {
      name: 'webhook_deliveries',
      eraseCheck: ({ checkId }) => store.webhookDeliveries.eraseCheck(checkId),
      eraseTenant: (tenantId) => store.webhookDeliveries.eraseTenant(tenantId),
    },
    {
      name: 'webhook_endpoints',
      eraseCheck: async () => undefined,
      eraseTenant: (tenantId) => store.webhookEndpoints.eraseTenant(tenantId),
    },
  ]
}
