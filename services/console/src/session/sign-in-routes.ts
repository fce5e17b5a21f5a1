import { Hono } from 'hono'
import type { ConsoleDeps } from '../console-deps'
import { requireSession, type SessionEnv } from './require-session'
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie'
import { createSignInLimit } from './sign-in-limit'

/** POST /api/sign-in, POST /api/sign-out, GET /api/me. */
export function signInRoutes(deps: ConsoleDeps) {
  const limit = createSignInLimit(deps.settings.signInPerMinute)
  const secure = deps.settings.publicUrl.startsWith('https:')
  const origin = new URL(deps.settings.publicUrl).origin
  const app = new Hono<SessionEnv>()

  app.post('/sign-in', async (c) => {
    // No session yet, so no token: the Origin check alone stops another site posting a sign-in.
    if (c.req.header('origin') !== origin) return c.json({ error: 'cross-origin request refused' }, 403)
    const body = (await c.req.json().catch(() => ({}))) as { email?: unknown; password?: unknown }
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    const password = typeof body.password === 'string' ? body.password : ''
    const now = deps.now?.() ?? new Date()
    const client = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'direct'
    if (!limit.allow(`email:${email}`, now.getTime()) || !limit.allow(`client:${client}`, now.getTime()))
      return c.json({ error: 'too many sign-in attempts; wait a minute' }, 429)
    const user = email && password ? await deps.users.authenticate(email, password) : undefined
    if (!user) return c.json({ error: 'wrong e-mail or password' }, 401)
    const { token, session } = await deps.users.openSession(user, deps.settings.sessionMs, now)
    writeSessionCookie(c, token, secure, deps.settings.sessionMs)
    await deps.audit.record({ tenantId: user.tenant_id, email: user._id, action: 'sign-in' }, now)
    return c.json({
      email: session.email,
      tenant_id: session.tenant_id,
      role: session.role,
      csrf: session.csrf,
    })
  })

  app.post('/sign-out', requireSession(deps), async (c) => {
    const token = readSessionCookie(c, secure)
    if (token) await deps.users.closeSession(token)
    clearSessionCookie(c, secure)
    return c.body(null, 204)
  })

  app.get('/me', requireSession(deps), (c) => {
    const s = c.get('session')
    return c.json({ email: s.email, tenant_id: s.tenant_id, role: s.role, csrf: s.csrf })
  })
  return app
}
