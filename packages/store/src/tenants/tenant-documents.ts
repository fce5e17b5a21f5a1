import type { Collection, Db } from 'mongodb'
import type { ApiKeyScope } from '../api-key-scopes'

export interface TenantDocument {
  _id: string
  name: string
  created_at: Date
  /** Decision profile the tenant's checks use; the deployment default when absent. */
  profile?: { name: string; version: number }
  /** Days a check and its data are kept (docs/data-retention.md); the deployment's default when absent. */
  retention_days?: number
  /**
   * Set on a tenant created since 30 Nov 2026 until the settlement service stores its first bank credit
   * (docs/settlement.md, "A tenant without credits"): while set, a finished check has no credit to look for.
   * Absent on older tenants, which look as before.
   */
  no_credits_yet?: true
}

export interface ApiKeyDocument {
  /** The key's lookup prefix. */
  _id: string
  tenant_id: string
  hash: string
  /** What the key may do; absent on keys issued before scopes, which keep every scope (api-key-scopes.ts). */
  scopes?: ApiKeyScope[]
  created_at: Date
  revoked_at: Date | null
}

/** A key as an operator may see it: everything but its hash. */
export interface ApiKeySummary {
  prefix: string
  tenant_id: string
  scopes: ApiKeyScope[]
  created_at: Date
  revoked_at: Date | null
}

/** The tenant a presented key belongs to, with the scopes of that key. */
export interface AuthenticatedKey extends TenantDocument {
  scopes: ApiKeyScope[]
}

/** Tenants and their API keys. */
export interface TenantCollections {
  tenants: Collection<TenantDocument>
  keys: Collection<ApiKeyDocument>
}

export function openTenantCollections(db: Db): TenantCollections {
  return {
    tenants: db.collection<TenantDocument>('tenants'),
    keys: db.collection<ApiKeyDocument>('api_keys'),
  }
}
