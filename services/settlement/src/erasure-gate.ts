import { rememberLiveTenants } from '@rv/service-runtime'
import type { Store } from '@rv/store'
import type { SettlementErasureGate } from './settle-document'

/**
 * The erasure gate over the store: a check or credit line with a tombstone is erased, and so is anything
 * of a tenant that no longer exists (a tenant's erasure leaves no tombstone; docs/data-retention.md).
 * `requireTenant: false` is for tests and benches whose tenants are ids only (their checks always look for
 * credits). The look before a write takes a tenant found within `tenantCacheMs` (default 1 s) as still
 * there; the look after it always reads the tenant, and answers from that read whether it has credits.
 */
export function storeErasureGate(
  store: Pick<Store, 'tenants' | 'tombstones' | 'settlementErasure'>,
  options: { requireTenant?: boolean; tenantCacheMs?: number } = {},
): SettlementErasureGate {
  const requireTenant = options.requireTenant !== false
  const live = rememberLiveTenants(store.tenants.findTenant, { ttlMs: options.tenantCacheMs ?? 1000 })
  /** The tenant as it is now: undefined when erased; a stand-in when tenants are not required. */
  const tenantNow = async (tenantId: string) =>
    requireTenant ? store.tenants.findTenant(tenantId) : { no_credits_yet: undefined }
  /** The tenant gone, as the look before a write may take it: from the short memory. */
  const goneBefore = async (tenantId: string) => requireTenant && !(await live(tenantId))
  return {
    isCheckErased: async (tenantId, checkId) =>
      (await goneBefore(tenantId)) || (await store.tombstones.isDeleted(tenantId, checkId)),
    isCreditErased: async (tenantId, lineId) =>
      (await goneBefore(tenantId)) || (await store.settlementErasure.isCreditErased(tenantId, lineId)),
    afterCheckStored: async (tenantId, checkId) => {
      const tenant = await tenantNow(tenantId)
      if (!tenant || (await store.tombstones.isDeleted(tenantId, checkId))) return { erased: true }
      return { erased: false, credits: tenant.no_credits_yet !== true }
    },
    afterCreditStored: async (tenantId, lineId) => {
      const tenant = await tenantNow(tenantId)
      if (!tenant || (await store.settlementErasure.isCreditErased(tenantId, lineId))) return { erased: true }
      if (tenant.no_credits_yet === true) await store.tenants.noteCreditStored(tenantId)
      return { erased: false }
    },
    eraseCheck: store.settlementErasure.eraseCheck,
    eraseCredit: store.settlementErasure.eraseCredit,
  }
}
