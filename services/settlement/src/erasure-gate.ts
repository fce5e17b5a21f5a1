import { rememberLiveTenants } from '@rv/service-runtime'
import type { Store } from '@rv/store'
import type { SettlementErasureGate } from './settle-document'

/**
 * The erasure gate over the store: a check or credit line with a tombstone is erased, and so is anything
 * of a tenant that no longer exists (a tenant's erasure leaves no tombstone; docs/data-retention.md).
 * `requireTenant: false` is for tests and benches whose tenants are ids only. The look before a write takes
 * a tenant found within `tenantCacheMs` (default 1 s) as still there; the look after it always asks.
 */
export function storeErasureGate(
  store: Pick<Store, 'tenants' | 'tombstones' | 'settlementErasure'>,
  options: { requireTenant?: boolean; tenantCacheMs?: number } = {},
): SettlementErasureGate {
  const live = rememberLiveTenants(store.tenants.findTenant, { ttlMs: options.tenantCacheMs ?? 1000 })
  const tenantGone = async (tenantId: string, look: 'before' | 'after' = 'after') =>
    options.requireTenant !== false &&
    !(look === 'before' ? await live(tenantId) : (await store.tenants.findTenant(tenantId)) !== undefined)
  return {
    isCheckErased: async (tenantId, checkId, look) =>
      (await tenantGone(tenantId, look)) || (await store.tombstones.isDeleted(tenantId, checkId)),
    isCreditErased: async (tenantId, lineId) =>
      (await tenantGone(tenantId)) || (await store.settlementErasure.isCreditErased(tenantId, lineId)),
    eraseCheck: store.settlementErasure.eraseCheck,
    eraseCredit: store.settlementErasure.eraseCredit,
  }
}
