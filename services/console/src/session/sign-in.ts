/**
 * POST /api/sign-in: an e-mail and a password against the console's users. Every failure is the same 401
 * (and counts against the account and the client); a wait or a busy hash gate is a 429; success opens a
 * session (cookie) and answers who signed in with the session's CSRF token. Failures and successes are
 * audited with the client's address.
 */
import { unknownTenant } from '@rv/store'
import type { Context } from 'hono'
import { writeSessionCookie } from './session-cookie'
import { admitPasswordCheck, readJsonObject, type SignInContext } from './sign-in-context'

/** No address holds one; the audit log's store refuses U+0000 (`npm run fuzz`, sign-in target). */
const controlCharacters = /[\u0000-\u001f\u007f]/g

export async function signIn(ctx: SignInContext, c: Context) {
  const { deps, limits } = ctx
  // No session yet, so no token: the Origin check alone stops another site posting a sign-in.
  if (c.req.header('origin') !== ctx.origin) return c.json({ error: 'cross-origin request refused' }, 403)
  const body = await readJsonObject(c)
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : ''
  const password = typeof body.password === 'string' ? body.password : ''
  const now = deps.now?.() ?? new Date()
  const client = ctx.clientOf(c)
  if (!email || !password) {
    limits.failed(email, client, now.getTime())
    return c.json({ error: 'wrong e-mail or password' }, 401)
  }
  // No hash for an address with a control character: no user has one. Audited as written, made visible.
  const shown = email.replace(controlCharacters, '\uFFFD')
  if (shown !== email) {
    return refuse(ctx, c, { email: shown, client, now, tenantId: unknownTenant, why: 'unknown address' })
  }
  const admitted = admitPasswordCheck(ctx, c, email, client, now.getTime())
  if (admitted.refused) return admitted.refused
  const outcome = await deps.users.signIn(email, password).finally(admitted.leave)
  if (!outcome.user) {
    const tenantId = outcome.tenantId ?? unknownTenant
    return refuse(ctx, c, { email, client, now, tenantId, why: outcome.reason })
  }
  const user = outcome.user
  limits.succeeded(email, client)
  const { token, session } = await deps.users.openSession(user, deps.settings.sessionMs, now)
  writeSessionCookie(c, token, ctx.secure, deps.settings.sessionMs)
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
}

/** A failed sign-in: counted, audited with why and from where, answered with the one 401. */
async function refuse(
  ctx: SignInContext,
  c: Context,
  failure: { email: string; client: string; now: Date; tenantId: string; why: string },
) {
  const { email, client, now } = failure
  ctx.limits.failed(email, client, now.getTime())
  await ctx.deps.audit.record(
    { tenantId: failure.tenantId, email, action: 'sign-in-failed', detail: `${failure.why} from ${client}` },
    now,
  )
  return c.json({ error: 'wrong e-mail or password' }, 401)
}
