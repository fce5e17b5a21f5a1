/**
 * API keys and their scopes (packages/store/src/api-key-scopes.ts; docs/deploy-production.md, "API keys and
 * scopes"):
 *
 *   npm run admin -- key create <tenant> [--scopes checks:write,checks:read]   a new key (shown once)
 *   npm run admin -- key list <tenant>        prefix, scopes, created, revoked — never a key or its hash
 *   npm run admin -- key revoke <prefix>      revokes the key with that prefix (first 17 characters)
 *
 * Without `--scopes` a key gets every scope (checks:write, checks:read, credits:write, erase).
 */
import { type ApiKeyScope, apiKeyScopes, parseApiKeyScopes, type Store } from '@rv/store'
import { type AdminCommand, parseArgs } from './command'

export async function findTenantId(store: Store, ref: string | undefined, usage: string): Promise<string> {
  if (!ref) throw new Error(`usage: ${usage}`)
  const tenant = await store.tenants.findTenant(ref)
  if (!tenant) throw new Error(`no tenant ${ref}`)
  return tenant._id
}

/** `--scopes a,b` → those scopes; absent → every scope. */
export function scopesFlag(flags: Record<string, string>): readonly ApiKeyScope[] {
  return flags.scopes === undefined ? apiKeyScopes : parseApiKeyScopes(flags.scopes)
}

export const keyCommands: Record<string, AdminCommand> = {
  'key create': async (store, args) => {
    const { positional, flags } = parseArgs(args)
    const id = await findTenantId(store, positional[0], 'key create <tenant id or name> [--scopes a,b]')
    const { key, prefix, scopes } = await store.tenants.createKey(id, scopesFlag(flags))
    return JSON.stringify({ tenant_id: id, api_key: key, prefix, scopes })
  },
  'key list': async (store, args) => {
    const id = await findTenantId(store, args[0], 'key list <tenant id or name>')
    return JSON.stringify({ tenant_id: id, keys: await store.tenants.listKeys(id) })
  },
  'key revoke': async (store, [prefix]) => {
    if (!prefix) throw new Error('usage: key revoke <prefix>')
    const revoked = await store.tenants.revokeKey(prefix)
    if (!revoked) throw new Error(`no live key with prefix ${prefix}`)
    return JSON.stringify({ revoked: prefix })
  },
}
