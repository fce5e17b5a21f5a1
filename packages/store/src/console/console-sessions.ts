import { createHash, randomBytes } from 'node:crypto'
import { expiryFields } from '../expiring-documents'
import { findOneWith } from '../store-queries'
import { consoleQueries } from './console-queries'
import type { ConsoleSession, ConsoleUserCollections, ConsoleUserDocument } from './console-user-documents'

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** Ends every session of a user; returns how many. */
export async function revokeSessions({ sessions }: ConsoleUserCollections, email: string): Promise<number> {
  const query = consoleQueries.sessionsOfUser(email.trim().toLowerCase())
  return (await sessions.deleteMany(query.filter)).deletedCount
}

/** Opens a session; the token (cookie value) is returned once. */
async function openSession(
  { sessions }: ConsoleUserCollections,
  user: ConsoleUserDocument,
  ttlMs: number,
  now = new Date(),
): Promise<{ token: string; session: ConsoleSession }> {
  const token = randomBytes(32).toString('base64url')
  const session: ConsoleSession = {
    email: user._id,
    tenant_id: user.tenant_id,
    role: user.role,
    csrf: randomBytes(24).toString('base64url'),
    created_at: now,
    expires_at: new Date(now.getTime() + ttlMs),
  }
  await sessions.insertOne({ _id: digest(token), ...session, ...expiryFields(session.expires_at) })
  return { token, session }
}

/**
 * The live session of a token: unexpired, and its user still there, enabled and in the session's role
 * (checked on every request, so a removal or a change by hand counts at once, not at the next sign-in).
 */
async function findSession(
  { users, sessions }: ConsoleUserCollections,
  token: string,
  now = new Date(),
): Promise<ConsoleSession | undefined> {
  const found = await findOneWith(sessions, consoleQueries.sessionById(digest(token)))
  if (!found || found.expires_at.getTime() <= now.getTime()) return undefined
  const user = await findOneWith(users, consoleQueries.userById(found.email))
  if (!user || user.disabled_at || user.role !== found.role || user.tenant_id !== found.tenant_id) {
    await sessions.deleteOne({ _id: found._id })
    return undefined
  }
  const { _id, expires_hour, ...session } = found
  return session
}

/**
 * Sessions written before `expires_hour` existed: a tenant's expired ones deleted, live ones given the
 * bucket so the purge finds them (indexed by tenant; a tenant has few). Returns how many it touched.
 */
async function backfillSessionExpiry(
  { sessions }: ConsoleUserCollections,
  tenantId: string,
  now = new Date(),
): Promise<number> {
  const legacy = await sessions
    .find({ tenant_id: tenantId, expires_hour: { $exists: false } } as never)
    .toArray()
  for (const s of legacy) {
    if (s.expires_at.getTime() <= now.getTime()) await sessions.deleteOne({ _id: s._id })
    else await sessions.updateOne({ _id: s._id }, { $set: expiryFields(s.expires_at) })
  }
  return legacy.length
}

/** Console sessions (`console_sessions`): a token's digest is the key, its user is checked on every read. */
export function createConsoleSessions(ctx: ConsoleUserCollections) {
  return {
    revokeSessions: (email: string) => revokeSessions(ctx, email),
    openSession: (user: ConsoleUserDocument, ttlMs: number, now?: Date) => openSession(ctx, user, ttlMs, now),
    findSession: (token: string, now?: Date) => findSession(ctx, token, now),
    backfillSessionExpiry: (tenantId: string, now?: Date) => backfillSessionExpiry(ctx, tenantId, now),
    async closeSession(token: string): Promise<void> {
      await ctx.sessions.deleteOne({ _id: digest(token) })
    },
  }
}
