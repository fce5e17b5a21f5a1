import { rememberLiveTenants } from '@rv/service-runtime'
import type { Store } from '@rv/store'
import type { IsErased } from './queue-feeder'

/**
 * The feeder's erasure look over the store: a check with a tombstone is erased, and so is every check of a
 * tenant that no longer exists (a tenant's erasure leaves no tombstone). Before the insert a tenant found
 * within `tenantCacheMs` (default 1 s) counts as live; after it — the guard — the store is asked.
 */
export function storeErasureLook(
  store: Pick<Store, 'tenants' | 'tombstones'>,
  options: { tenantCacheMs?: number } = {},
): IsErased {
  const live = rememberLiveTenants(store.tenants.findTenant, { ttlMs: options.tenantCacheMs ?? 1000 })
  const tenantLive = async (tenantId: string, look: 'before' | 'after') =>
    look === 'before' ? live(tenantId) : (await store.tenants.findTenant(tenantId)) !== undefined
  return async (tenantId, checkId, look) =>
    !(await tenantLive(tenantId, look)) || (await store.tombstones.isDeleted(tenantId, checkId))
}
