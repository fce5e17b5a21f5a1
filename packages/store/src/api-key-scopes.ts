/**
 * What an API key may do. Each route of the gateway names the one scope it needs
 * (services/gateway/src/auth/route-scopes.ts); a key without it is answered 403 `insufficient_scope`.
 *
 * Keys issued before scopes existed carry no `scopes` field and keep every scope (read as `apiKeyScopes`): no
 * migration rewrites them, and an operator narrows one by issuing a scoped key and revoking the old one
 * (docs/deploy-production.md, "API keys and scopes").
 */
export const apiKeyScopes = ['checks:write', 'checks:read', 'credits:write', 'erase'] as const

export type ApiKeyScope = (typeof apiKeyScopes)[number]

export function isApiKeyScope(text: string): text is ApiKeyScope {
  return (apiKeyScopes as readonly string[]).includes(text)
}

/**
 * `checks:write,checks:read` → the scopes, in the canonical order; an unknown or empty list throws.
 *
 * @example
 * parseApiKeyScopes('checks:read, erase') // ['checks:read', 'erase']
 */
export function parseApiKeyScopes(text: string): ApiKeyScope[] {
  const named = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  const unknown = named.filter((s) => !isApiKeyScope(s))
  if (unknown.length > 0)
    throw new Error(`unknown scope ${unknown.join(', ')}; known: ${apiKeyScopes.join(', ')}`)
  if (named.length === 0) throw new Error(`at least one scope: ${apiKeyScopes.join(', ')}`)
  return apiKeyScopes.filter((s) => named.includes(s))
}

/** A stored key's scopes: its own, or every scope for a key issued before scopes existed. */
export function scopesOfKey(doc: { scopes?: readonly ApiKeyScope[] }): ApiKeyScope[] {
  return doc.scopes ? apiKeyScopes.filter((s) => doc.scopes!.includes(s)) : [...apiKeyScopes]
}
