import type { Collection, Db } from 'mongodb'
import { apiKeyPrefix, generateApiKey, hashApiKey, randomBase62, sameDigest } from './api-key'
import { type ApiKeyScope, apiKeyScopes, scopesOfKey } from './api-key-scopes'
import { isDuplicateKeyError } from './duplicate-key'
import { findOneWith, storeIndexes, tenantQueries } from './store-queries'

export interface TenantDocument {
  _id: string
  name: string
  created_at: Date
  /** Decision profile the tenant's checks use; the deployment default when absent. */
  profile?: { name: string; version: number }
  /** Days a check and its data are kept (docs/data-retention.md); the deployment's default when absent. */
  retention_days?: number
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

/** Tenants and their API keys (stored as SHA-256 hashes, looked up by prefix). */
export function createTenantRepository(db: Db) {
  const tenants: Collection<TenantDocument> = db.collection<TenantDocument>('tenants')
  const keys: Collection<ApiKeyDocument> = db.collection<ApiKeyDocument>('api_keys')

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.tenants) await tenants.createIndex(index)
      for (const index of storeIndexes.api_keys) await keys.createIndex(index)
    },

    async createTenant(name: string, now = new Date()): Promise<TenantDocument> {
      const tenant: TenantDocument = { _id: `ten_${randomBase62(16)}`, name, created_at: now }
      await tenants.insertOne(tenant)
      return tenant
    },

    async findTenant(idOrName: string): Promise<TenantDocument | undefined> {
      return (
        (await tenants.findOne({ _id: idOrName })) ??
        (await findOneWith(tenants, tenantQueries.byName(idOrName))) ??
        undefined
      )
    },

    /** Issues a key with these scopes (default: all); the plain key is returned once and never stored. */
    async createKey(
      tenantId: string,
      scopes: readonly ApiKeyScope[] = apiKeyScopes,
      now = new Date(),
    ): Promise<{ key: string; prefix: string; scopes: ApiKeyScope[] }> {
      const granted = apiKeyScopes.filter((s) => scopes.includes(s))
      if (granted.length === 0) throw new Error('an API key needs at least one scope')
      for (let attempt = 0; attempt < 5; attempt++) {
        const { key, prefix, hash } = generateApiKey()
        try {
          await keys.insertOne({
            _id: prefix,
            tenant_id: tenantId,
            hash,
            scopes: granted,
            created_at: now,
            revoked_at: null,
          })
          return { key, prefix, scopes: granted }
        } catch (error) {
          // A prefix collision is astronomically rare; draw again rather than fail.
          if (!isDuplicateKeyError(error)) throw error
        }
      }
      throw new Error('could not allocate a unique API key prefix')
    },

    /** The tenant's keys, revoked ones too, oldest first; never a key or its hash. */
    async listKeys(tenantId: string): Promise<ApiKeySummary[]> {
      const docs = await keys.find({ tenant_id: tenantId }).toArray()
      return docs
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
        .map((doc) => ({
          prefix: doc._id,
          tenant_id: doc.tenant_id,
          scopes: scopesOfKey(doc),
          created_at: doc.created_at,
          revoked_at: doc.revoked_at,
        }))
    },

    /** Every tenant (admin-sized: one document per customer). */
    async listTenants(): Promise<TenantDocument[]> {
      return tenants.find({}).toArray()
    },

    /** Sets the tenant's retention in days (0: keep forever), or back to the deployment default (null). */
    async setRetention(tenantId: string, days: number | null): Promise<boolean> {
      if (days !== null && (!Number.isInteger(days) || days < 0))
        throw new Error('retention days: an integer ≥ 0')
      const update =
        days === null ? { $unset: { retention_days: '' as const } } : { $set: { retention_days: days } }
      return (await tenants.updateOne({ _id: tenantId }, update)).matchedCount === 1
    },

    /** Deletes the tenant's keys, then the tenant (its checks are the erasure's to delete first). */
    async eraseTenant(tenantId: string): Promise<void> {
      await keys.deleteMany({ tenant_id: tenantId })
      await tenants.deleteOne({ _id: tenantId })
    },

    /** Returns true when a live key with that prefix existed. */
    async revokeKey(prefix: string, now = new Date()): Promise<boolean> {
      const result = await keys.updateOne({ _id: prefix, revoked_at: null }, { $set: { revoked_at: now } })
      return result.modifiedCount === 1
    },

    /** The tenant a presented key belongs to and the key's scopes; undefined for unknown, wrong or revoked keys. */
    async authenticate(presented: string): Promise<AuthenticatedKey | undefined> {
      const doc = await keys.findOne({ _id: apiKeyPrefix(presented) })
      if (!doc || doc.revoked_at !== null) return undefined
      if (!sameDigest(doc.hash, hashApiKey(presented))) return undefined
      const tenant = await tenants.findOne({ _id: doc.tenant_id })
      return tenant ? { ...tenant, scopes: scopesOfKey(doc) } : undefined
    },
  }
}

export type TenantRepository = ReturnType<typeof createTenantRepository>
