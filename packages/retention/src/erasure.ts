import type { ErasableCheck, Store } from '@rv/store'
import type { ErasedCheck, ErasureRegistry } from './erasure-registry'

export type ErasureStore = Pick<
  Store,
  'checks' | 'profiles' | 'tenants' | 'retentionCursors' | 'tombstones' | 'migrationProgress'
>

/**
 * Deletes a check, or a whole tenant, everywhere its data lives: every registered participant first, the
 * check's own documents (stage slots, terminal record, `checks`) last, after a tombstone (GET: 410), so an erasure cut short is found
 * again by the same query and finished. Every step is idempotent.
 *
 * @example
 * const erasure = createErasure(store, createErasureRegistry(storeParticipants(store, storage)))
 * await erasure.eraseCheck('ten_a', 'chk_01…')
 */
export function createErasure(store: ErasureStore, registry: ErasureRegistry) {
  async function eraseFound(doc: ErasableCheck, reason: 'retention' | 'erasure' = 'erasure'): Promise<void> {
    // First: a GET from now on answers 410 `check_deleted`, and a retry finds the work still to do.
    await store.tombstones.bury(doc.tenant_id, doc._id, reason)
    const key = doc.submission?.file?.key
    const check: ErasedCheck = { tenantId: doc.tenant_id, checkId: doc._id, ...(key ? { fileKey: key } : {}) }
    for (const participant of registry.participants) await participant.eraseCheck(check)
    await store.checks.erase(doc._id)
  }

  return {
    eraseFound,

    /** Erases the tenant's check; false when it has no such check (another tenant's id looks missing). */
    async eraseCheck(tenantId: string, checkId: string): Promise<boolean> {
      const doc = await store.checks.findErasable(tenantId, checkId)
      if (!doc) return false
      await eraseFound(doc)
      return true
    },

    /** Erases every check of the tenant, then what participants hold of it, its profiles, keys and itself. */
    async eraseTenant(tenantId: string, batch = 100): Promise<{ checks: number }> {
      let checks = 0
      for (;;) {
        const docs = await store.checks.findOfTenant(tenantId, batch)
        if (docs.length === 0) break
        for (const doc of docs) await eraseFound(doc)
        checks += docs.length
      }
      for (const participant of registry.participants) await participant.eraseTenant?.(tenantId)
      await store.profiles.eraseTenant(tenantId)
      await store.retentionCursors.erase(tenantId)
      await store.migrationProgress.eraseTenant(tenantId)
      await store.tombstones.eraseTenant(tenantId)
      await store.tenants.eraseTenant(tenantId)
      return { checks }
    },
  }
}

export type Erasure = ReturnType<typeof createErasure>
