import { getConnInfo } from '@hono/node-server/conninfo'
import { minConsolePasswordLength as minPasswordLength, unknownTenant } from '@rv/store'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type ConsoleDeps, defaultSignInSettings } from '../console-deps'
import { resolveClientAddress, trustedProxyList } from './client-address'
import { createHashGate } from './hash-gate'
import { requireSession, type SessionEnv } from './require-session'
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie'
import { createSignInLimits } from './sign-in-backoff'

/** A sign-in body is an e-mail and a password: anything bigger is refused before it is read. */
export const signInBodyLimit = 4 * 1024

/** No address holds one; the audit log's store refuses U+0000 (`npm run fuzz`, sign-in target). */
const controlCharacters = /[\u0000-\u001f\u007f]/g

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined // no socket (a request made in-process)
  }
}

/** The body's members; `null`, `7` or broken JSON read as no members (a 401 or 400, never a 500). */
async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const parsed: unknown = await c.req.json().catch(() => ({}))
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

/** POST /api/sign-in, POST /api/sign-out, POST /api/password, GET /api/me. */
export function signInRoutes(deps: ConsoleDeps) {
  const settings = deps.settings.signIn ?? defaultSignInSettings
  const limits = createSignInLimits(settings)
  const gate = createHashGate(settings.hashConcurrency)
  const trust = deps.settings.proxies ?? { hops: 0, cidrs: [] }
  const proxies = trustedProxyList(trust.cidrs)
  const secure = deps.settings.publicUrl.startsWith('https:')
  const origin = new URL(deps.settings.publicUrl).origin
  const app = new Hono<SessionEnv>()
  const clientOf = (c: Context) =>
    resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trust, proxies)

  /**
   * A password check may run: a 429 with Retry-After while the account or the client must wait (no hash
   * is computed) or while `hashConcurrency` hashes run (a storm is refused, not queued); else the slot.
   */
  function admit(c: Context, account: string, client: string, nowMs: number) {
    const wait = limits.wait(account, client, nowMs)
    const leave = wait > 0 ? undefined : gate.tryEnter(limits.isKnown(account, client))
    if (leave) return { leave }
    c.header('retry-after', String(wait > 0 ? Math.ceil(wait / 1000) : 1))
    const error =
      wait > 0 ? 'too many failed attempts; wait and try again' : 'the console is busy; try again in a second'
    return { refused: c.json({ error }, 429) }
  }

  app.post(
    '/sign-in',
    bodyLimit({
      maxSize: signInBodyLimit,
      onError: (c) => c.json({ error: 'request body too large' }, 413),
    }),
    async (c) => {
      // No session yet, so no token: the Origin check alone stops another site posting a sign-in.
      if (c.req.header('origin') !== origin) return c.json({ error: 'cross-origin request refused' }, 403)
      const body = await readJsonObject(c)
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : ''
      const password = typeof body.password === 'string' ? body.password : ''
      const now = deps.now?.() ?? new Date()
      const client = clientOf(c)
      if (!email || !password) {
        limits.failed(email, client, now.getTime())
        return c.json({ error: 'wrong e-mail or password' }, 401)
      }
      // No hash for an address with a control character: no user has one. Audited as written, made visible.
      const shown = email.replace(controlCharacters, '\uFFFD')
      if (shown !== email) {
        limits.failed(shown, client, now.getTime())
        await deps.audit.record(
          {
            tenantId: unknownTenant,
            email: shown,
            action: 'sign-in-failed',
            detail: `unknown address from ${client}`,
          },
          now,
        )
        return c.json({ error: 'wrong e-mail or password' }, 401)
      }
      const admitted = admit(c, email, client, now.getTime())
      if (admitted.refused) return admitted.refused
      const outcome = await deps.users.signIn(email, password).finally(admitted.leave)
      if (!outcome.user) {
        limits.failed(email, client, now.getTime())
        await deps.audit.record(
          {
            tenantId: outcome.tenantId ?? unknownTenant,
            email,
            action: 'sign-in-failed',
            detail: `${outcome.reason} from ${client}`,
          },
          now,
        )
        return c.json({ error: 'wrong e-mail or password' }, 401)
      }
      const user = outcome.user
      limits.succeeded(email, client)
      const { token, session } = await deps.users.openSession(user, deps.settings.sessionMs, now)
      writeSessionCookie(c, token, secure, deps.settings.sessionMs)
      await deps.audit.record(
        { tenantId: user.tenant_id, email: user._id, action: 'sign-in', detail: `from ${client}` },
        now,
      )
      return c.json({
        email: session.email,
        tenant_id: session.tenant_id,
        role: session.role,
        csrf: session.csrf,
      })
    },
  )

  app.post('/sign-out', requireSession(deps), async (c) => {
    const s = c.get('session')
    const token = readSessionCookie(c, secure)
    if (token) await deps.users.closeSession(token)
    clearSessionCookie(c, secure)
    await deps.audit.record({ tenantId: s.tenant_id, email: s.email, action: 'sign-out' }, deps.now?.())
    return c.body(null, 204)
  })

  // One's own password: the current one again (a session left open is not enough), then every session of
  // the user revoked, this one too — the page signs in again with the new password.
  app.post('/password', requireSession(deps), async (c) => {
    const s = c.get('session')
    const body = await readJsonObject(c)
    const current = typeof body.current === 'string' ? body.current : ''
    const next = typeof body.password === 'string' ? body.password : ''
    if (next.length < minPasswordLength || next.length > 1024)
      return c.json({ error: `a password has ${minPasswordLength} to 1024 characters` }, 400)
    const now = deps.now?.() ?? new Date()
    const client = clientOf(c)
    const admitted = admit(c, s.email, client, now.getTime())
    if (admitted.refused) return admitted.refused
    const ok = await deps.users.checkPassword(s.email, current).finally(admitted.leave)
    if (!ok) {
      limits.failed(s.email, client, now.getTime())
      return c.json({ error: 'the current password is wrong' }, 403)
    }
    await deps.users.setPassword(s.email, next, now)
    clearSessionCookie(c, secure)
    await deps.audit.record({ tenantId: s.tenant_id, email: s.email, action: 'password-change' }, now)
    return c.body(null, 204)
  })

  app.get('/me', requireSession(deps), (c) => {
    const s = c.get('session')
    return c.json({ email: s.email, tenant_id: s.tenant_id, role: s.role, csrf: s.csrf })
  })
  return app
}
