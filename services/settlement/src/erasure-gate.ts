import type { Store } from '@rv/store'
import type { SettlementErasureGate } from './settle-document'

/**
 * The erasure gate over the store: a check or credit line with a tombstone is erased, and so is anything
 * of a tenant that no longer exists (a tenant's erasure leaves no tombstone; docs/data-retention.md).
 * `requireTenant: false` is for tests and benches whose tenants are ids only.
 */
export function storeErasureGate(
  store: Pick<Store, 'tenants' | 'tombstones' | 'settlementErasure'>,
  options: { requireTenant?: boolean } = {},
): SettlementErasureGate {
  const tenantGone = async (tenantId: string) =>
    options.requireTenant !== false && (await store.tenants.findTenant(tenantId)) === undefined
  return {
    isCheckErased: async (tenantId, checkId) =>
      (await tenantGone(tenantId)) || (await store.tombstones.isDeleted(tenantId, checkId)),
    isCreditErased: async (tenantId, lineId) =>
      (await tenantGone(tenantId)) || (await store.settlementErasure.isCreditErased(tenantId, lineId)),
    eraseCheck: store.settlementErasure.eraseCheck,
    eraseCredit: store.settlementErasure.eraseCredit,
  }
}
