import type { Db } from 'mongodb'
import { storeIndexes } from './store-queries'
import { createTenantApiKeys } from './tenants/tenant-api-keys'
import { openTenantCollections } from './tenants/tenant-documents'
import { createTenantRecords } from './tenants/tenant-records'

export type {
  ApiKeyDocument,
  ApiKeySummary,
  AuthenticatedKey,
  TenantCollections,
  TenantDocument,
} from './tenants/tenant-documents'

/** Tenants and their API keys (stored as SHA-256 hashes, looked up by prefix), one repository per collection in `tenants/`. */
export function createTenantRepository(db: Db) {
  const ctx = openTenantCollections(db)
  const { tenants, keys } = ctx
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.tenants) await tenants.createIndex(index)
      for (const index of storeIndexes.api_keys) await keys.createIndex(index)
    },

    ...createTenantRecords(ctx),
    ...createTenantApiKeys(ctx),

    /** Deletes the tenant's keys, then the tenant (its checks are the erasure's to delete first). */
    async eraseTenant(tenantId: string): Promise<void> {
      await keys.deleteMany({ tenant_id: tenantId })
      await tenants.deleteOne({ _id: tenantId })
    },
  }
}

export type TenantRepository = ReturnType<typeof createTenantRepository>
