import type { ConsoleSession } from '@rv/store'
import type { MiddlewareHandler } from 'hono'
import type { ConsoleDeps } from '../console-deps'
import { readSessionCookie } from './session-cookie'

export type SessionEnv = { Variables: { session: ConsoleSession } }

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Every /api route but sign-in: a live session from the cookie (401 otherwise), and for a state change the
 * CSRF guard — the request's `Origin` must be the console's own and `X-CSRF-Token` must equal the
 * session's token (which only the console's own page can read, from GET /api/me).
 */
export function requireSession(deps: ConsoleDeps): MiddlewareHandler<SessionEnv> {
  const origin = new URL(deps.settings.publicUrl).origin
  const secure = deps.settings.publicUrl.startsWith('https:')
  return async (c, next) => {
    const token = readSessionCookie(c, secure)
    const session = token ? await deps.users.findSession(token, deps.now?.()) : undefined
    if (!session) return c.json({ error: 'sign in first' }, 401)
    if (stateChanging.has(c.req.method)) {
      if (c.req.header('origin') !== origin) return c.json({ error: 'cross-origin request refused' }, 403)
      if (c.req.header('x-csrf-token') !== session.csrf) return c.json({ error: 'missing CSRF token' }, 403)
    }
    c.set('session', session)
    await next()
  }
}

/** 403 unless the session's role is `lead`. */
export const requireLead: MiddlewareHandler<SessionEnv> = async (c, next) => {
  if (c.get('session').role !== 'lead') return c.json({ error: 'leads only' }, 403)
  await next()
}
