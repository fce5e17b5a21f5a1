import { createMiddleware } from 'hono/factory'
import { ApiError } from '../api-error'
import type { GatewayEnv } from '../gateway-env'

export interface AuthenticatedTenant {
  id: string
  profile?: { name: string; version: number }
  /** What the presented key may do (`requireScope` judges each route by them). */
  scopes: readonly string[]
}

export interface BearerAuthOptions {
  /** Resolves a presented token to its tenant, or undefined when unknown or revoked. */
  authenticate: (token: string) => Promise<AuthenticatedTenant | undefined>
  /** Whether a token has the shape of a key; one that has not is refused before any lookup. */
  wellFormed?: (token: string) => boolean
  realm?: string
}

/**
 * Bearer authentication against tenant API keys: no token is `token_missing`, a wrong one `token_invalid`,
 * both 401 with a `WWW-Authenticate` challenge. A token not shaped like a key (`wellFormed`) is
 * `token_invalid` at once: it costs no store lookup.
 *
 * @example
 * app.use('/v1/*', bearerAuth({ authenticate: (t) => store.tenants.authenticate(t) }))
 */
export function bearerAuth(options: BearerAuthOptions) {
  const realm = options.realm ?? 'receipt-verification'
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const header = c.req.header('authorization')
    if (!header || header.trim() === '') {
      throw new ApiError(401, 'token_missing', {
        message: 'Send the API key as `Authorization: Bearer <key>`.',
        headers: { 'www-authenticate': `Bearer realm="${realm}"` },
      })
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    const token = match?.[1]
    const shaped = token !== undefined && (options.wellFormed?.(token) ?? true)
    const tenant = shaped ? await options.authenticate(token) : undefined
    if (!tenant) {
      throw new ApiError(401, 'token_invalid', {
        message: 'The API key is not valid.',
        headers: { 'www-authenticate': `Bearer realm="${realm}", error="invalid_token"` },
      })
    }
    c.set('tenant', { id: tenant.id, profile: tenant.profile })
    c.set('scopes', tenant.scopes)
    c.set('logger', c.get('logger').child({ tenant_id: tenant.id }))
    await next()
  })
}
