import { minConsolePasswordLength as minPasswordLength } from '@rv/store'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ConsoleDeps } from '../console-deps'
import { requireSession, type SessionEnv } from './require-session'
import { clearSessionCookie, readSessionCookie } from './session-cookie'
import { signIn } from './sign-in'
import {
  admitPasswordCheck,
  createSignInContext,
  readJsonObject,
  type SignInContext,
} from './sign-in-context'

/** A sign-in body is an e-mail and a password: anything bigger is refused before it is read. */
export const signInBodyLimit = 4 * 1024

/** POST /api/sign-in, POST /api/sign-out, POST /api/password, GET /api/me. */
export function signInRoutes(deps: ConsoleDeps) {
  const ctx = createSignInContext(deps)
  const app = new Hono<SessionEnv>()
  app.post(
    '/sign-in',
    bodyLimit({
      maxSize: signInBodyLimit,
      onError: (c) => c.json({ error: 'request body too large' }, 413),
    }),
    (c) => signIn(ctx, c),
  )
  app.post('/sign-out', requireSession(deps), (c) => signOut(ctx, c))
  app.post('/password', requireSession(deps), (c) => changePassword(ctx, c))
  app.get('/me', requireSession(deps), (c) => {
    const s = c.get('session')
    return c.json({ email: s.email, tenant_id: s.tenant_id, role: s.role, csrf: s.csrf })
  })
  return app
}

async function signOut(ctx: SignInContext, c: Context<SessionEnv>) {
  const s = c.get('session')
  const token = readSessionCookie(c, ctx.secure)
  if (token) await ctx.deps.users.closeSession(token)
  clearSessionCookie(c, ctx.secure)
  await ctx.deps.audit.record({ tenantId: s.tenant_id, email: s.email, action: 'sign-out' }, ctx.deps.now?.())
  return c.body(null, 204)
}

/**
 * One's own password: the current one again (a session left open is not enough), then every session of
 * the user revoked, this one too — the page signs in again with the new password.
 */
async function changePassword(ctx: SignInContext, c: Context<SessionEnv>) {
  const { deps } = ctx
  const s = c.get('session')
  const body = await readJsonObject(c)
  const current = typeof body.current === 'string' ? body.current : ''
  const next = typeof body.password === 'string' ? body.password : ''
  if (next.length < minPasswordLength || next.length > 1024)
    return c.json({ error: `a password has ${minPasswordLength} to 1024 characters` }, 400)
  const now = deps.now?.() ?? new Date()
  const client = ctx.clientOf(c)
  const admitted = admitPasswordCheck(ctx, c, s.email, client, now.getTime())
  if (admitted.refused) return admitted.refused
  const ok = await deps.users.checkPassword(s.email, current).finally(admitted.leave)
  if (!ok) {
    ctx.limits.failed(s.email, client, now.getTime())
    return c.json({ error: 'the current password is wrong' }, 403)
  }
  await deps.users.setPassword(s.email, next, now)
  clearSessionCookie(c, ctx.secure)
  await deps.audit.record({ tenantId: s.tenant_id, email: s.email, action: 'password-change' }, now)
  return c.body(null, 204)
}
