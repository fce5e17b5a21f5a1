/**
 * What the sign-in routes share, built once per app: the failure limits and the hash gate, the trusted
 * proxies (to find the client's address), whether cookies are `Secure`, and the console's own origin.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { type ConsoleDeps, defaultSignInSettings } from '../console-deps'
import { resolveClientAddress, trustedProxyList } from './client-address'
import { createHashGate } from './hash-gate'
import { createSignInLimits } from './sign-in-backoff'

export interface SignInContext {
  deps: ConsoleDeps
  limits: ReturnType<typeof createSignInLimits>
  gate: ReturnType<typeof createHashGate>
  /** Cookies are `Secure` when the console is served over https. */
  secure: boolean
  origin: string
  /** The client's address: the socket's, or the forwarded one behind trusted proxies. */
  clientOf: (c: Context) => string
}

export function createSignInContext(deps: ConsoleDeps): SignInContext {
  const settings = deps.settings.signIn ?? defaultSignInSettings
  const trust = deps.settings.proxies ?? { hops: 0, cidrs: [] }
  const proxies = trustedProxyList(trust.cidrs)
  return {
    deps,
    limits: createSignInLimits(settings),
    gate: createHashGate(settings.hashConcurrency),
    secure: deps.settings.publicUrl.startsWith('https:'),
    origin: new URL(deps.settings.publicUrl).origin,
    clientOf: (c) => resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trust, proxies),
  }
}

/**
 * A password check may run: a 429 with Retry-After while the account or the client must wait (no hash
 * is computed) or while `hashConcurrency` hashes run (a storm is refused, not queued); else the slot.
 */
export function admitPasswordCheck(
  ctx: SignInContext,
  c: Context,
  account: string,
  client: string,
  nowMs: number,
) {
  const wait = ctx.limits.wait(account, client, nowMs)
  const leave = wait > 0 ? undefined : ctx.gate.tryEnter(ctx.limits.isKnown(account, client))
  if (leave) return { leave }
  c.header('retry-after', String(wait > 0 ? Math.ceil(wait / 1000) : 1))
  const error =
    wait > 0 ? 'too many failed attempts; wait and try again' : 'the console is busy; try again in a second'
  return { refused: c.json({ error }, 429) }
}

/** The body's members; `null`, `7` or broken JSON read as no members (a 401 or 400, never a 500). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const parsed: unknown = await c.req.json().catch(() => ({}))
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined // no socket (a request made in-process)
  }
}
