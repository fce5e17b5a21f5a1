import type { Store } from '@rv/store'
import type { ErasureParticipant } from './erasure-registry'

/**
 * What settlement holds of a check or a tenant (docs/settlement.md, docs/data-retention.md): the check's
 * settlement document, its two claims and the credit line it joined (the payer's name, account and
 * purpose), the line leaving a tombstone the settlement consumer honours; of a tenant every credit,
 * settlement, claim and credit tombstone.
 */
export function settlementParticipants(store: Pick<Store, 'settlementErasure'>): ErasureParticipant[] {
  return [
    {
      name: 'settlements',
      eraseCheck: ({ tenantId, checkId }) => store.settlementErasure.eraseCheck(tenantId, checkId),
      eraseTenant: (tenantId) => store.settlementErasure.eraseTenant(tenantId),
    },
  ]
}
