import { apiKeyPrefix, generateApiKey, hashApiKey, sameDigest } from '../api-key'
import { type ApiKeyScope, apiKeyScopes, scopesOfKey } from '../api-key-scopes'
import { isDuplicateKeyError } from '../duplicate-key'
import type { ApiKeySummary, AuthenticatedKey, TenantCollections } from './tenant-documents'

/** A tenant's API keys (`api_keys`, stored as SHA-256 hashes, looked up by prefix) and authentication by one. */
export function createTenantApiKeys({ tenants, keys }: TenantCollections) {
  return {
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
