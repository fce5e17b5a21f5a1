import { createHash, randomBytes } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import { ensureExpiryIndexes, expiryFields } from '../expiring-documents'
import { findOneWith } from '../store-queries'
import { hashConsolePassword, verifyConsolePassword } from './console-password'
import { consoleErasureQueries, consoleIndexes, consoleQueries } from './console-queries'

export const consoleRoles = ['analyst', 'lead'] as const
export type ConsoleRole = (typeof consoleRoles)[number]

export interface ConsoleUserDocument {
  /** The e-mail, lower-cased: one console user per address, in one tenant. */
  _id: string
  tenant_id: string
  role: ConsoleRole
  password: string
  created_at: Date
  /** Set: the user cannot sign in, and every session of theirs was revoked. */
  disabled_at?: Date | null
  password_changed_at?: Date
}

/** Why a sign-in failed (the audit's detail; the person signing in is told only "wrong e-mail or password"). */
export type SignInFailure = 'unknown address' | 'wrong password' | 'disabled'

export type SignInOutcome =
  | { user: ConsoleUserDocument }
  | { user?: undefined; reason: SignInFailure; tenantId?: string }

export interface ConsoleSessionDocument {
  /** SHA-256 of the session token: the cookie's value is never stored. */
  _id: string
  email: string
  tenant_id: string
  role: ConsoleRole
  /** The CSRF token every state change must echo in `X-CSRF-Token`. */
  csrf: string
  created_at: Date
  expires_at: Date
  /** The hour bucket of `expires_at`: what the purge deletes (expiring-documents.ts). */
  expires_hour?: string
}

export type ConsoleSession = Omit<ConsoleSessionDocument, '_id' | 'expires_hour'>

/** What an unknown address is checked against: it costs one hash like a real one, and never matches. */
const absentHash = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** Console users and their sessions (`console_users`, `console_sessions`). */
export function createConsoleUserRepository(db: Db) {
  const users: Collection<ConsoleUserDocument> = db.collection('console_users')
  const sessions: Collection<ConsoleSessionDocument> = db.collection('console_sessions')

  /**
   * A sign-in: the user when the password is right and the user is not disabled; otherwise why not (for
   * the audit). An unknown address and a disabled user still pay one hash, so timing tells nothing.
   */
  async function signIn(email: string, password: string): Promise<SignInOutcome> {
    const user = await findOneWith(users, consoleQueries.userById(email.trim().toLowerCase()))
    const stored = user?.password ?? absentHash
    const ok = await verifyConsolePassword(password, stored)
    if (!user) return { reason: 'unknown address' }
    if (!ok) return { reason: 'wrong password', tenantId: user.tenant_id }
    if (user.disabled_at) return { reason: 'disabled', tenantId: user.tenant_id }
    return { user }
  }

  /** Ends every session of a user; returns how many. */
  async function revokeSessions(email: string): Promise<number> {
    const query = consoleQueries.sessionsOfUser(email.trim().toLowerCase())
    return (await sessions.deleteMany(query.filter)).deletedCount
  }

  return {
    signIn,
    revokeSessions,

    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.console_users) await users.createIndex(index)
      for (const index of consoleIndexes.console_sessions) await sessions.createIndex(index)
      await ensureExpiryIndexes(sessions as never, 'console_sessions')
    },

    /** Erasure of a tenant: its console users and their sessions (sessions first: no user left signed in). */
    async eraseTenant(tenantId: string): Promise<void> {
      await sessions.deleteMany(consoleErasureQueries.sessionsOfTenant(tenantId).filter)
      await users.deleteMany(consoleErasureQueries.usersOfTenant(tenantId).filter)
    },

    /** Adds a user; false when the address is taken (in any tenant). */
    async add(
      user: { email: string; tenantId: string; role: ConsoleRole; password: string },
      now = new Date(),
    ): Promise<boolean> {
      try {
        await users.insertOne({
          _id: user.email.trim().toLowerCase(),
          tenant_id: user.tenantId,
          role: user.role,
          password: await hashConsolePassword(user.password),
          created_at: now,
        })
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },

    /** The user of an address (never its password hash), e.g. to check a lead's role. */
    async find(email: string): Promise<Omit<ConsoleUserDocument, 'password'> | undefined> {
      const user = await findOneWith(users, consoleQueries.userById(email.trim().toLowerCase()))
      if (!user) return undefined
      const { password, ...rest } = user
      return rest
    },

    /** The user when the password is right and the user enabled; undefined otherwise. */
    async authenticate(email: string, password: string): Promise<ConsoleUserDocument | undefined> {
      return (await signIn(email, password)).user
    },

    /** Disables (or enables again) a user; disabling revokes every session of theirs at once. */
    async setDisabled(email: string, disabled: boolean, now = new Date()): Promise<boolean> {
      const id = email.trim().toLowerCase()
      const { matchedCount } = await users.updateOne(
        { _id: id },
        { $set: { disabled_at: disabled ? now : null } },
      )
      if (disabled) await revokeSessions(id)
      return matchedCount === 1
    },

    /** Changes a user's role; their sessions (which carry the old role) are revoked. */
    async setRole(email: string, role: ConsoleRole): Promise<boolean> {
      const id = email.trim().toLowerCase()
      const { matchedCount } = await users.updateOne({ _id: id }, { $set: { role } })
      await revokeSessions(id)
      return matchedCount === 1
    },

    /** Sets a new password; every session of the user is revoked (whoever held one must sign in again). */
    async setPassword(email: string, password: string, now = new Date()): Promise<boolean> {
      const id = email.trim().toLowerCase()
      const hashed = await hashConsolePassword(password)
      const { matchedCount } = await users.updateOne(
        { _id: id },
        { $set: { password: hashed, password_changed_at: now } },
      )
      await revokeSessions(id)
      return matchedCount === 1
    },

    /** Removes a user, sessions first (nobody stays signed in as them). */
    async remove(email: string): Promise<boolean> {
      const id = email.trim().toLowerCase()
      await revokeSessions(id)
      return (await users.deleteOne({ _id: id })).deletedCount === 1
    },

    /** Opens a session; the token (cookie value) is returned once. */
    async openSession(
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
    },

    /**
     * The live session of a token: unexpired, and its user still there, enabled and in the session's role
     * (checked on every request, so a removal or a change by hand counts at once, not at the next sign-in).
     */
    async findSession(token: string, now = new Date()): Promise<ConsoleSession | undefined> {
      const found = await findOneWith(sessions, consoleQueries.sessionById(digest(token)))
      if (!found || found.expires_at.getTime() <= now.getTime()) return undefined
      const user = await findOneWith(users, consoleQueries.userById(found.email))
      if (!user || user.disabled_at || user.role !== found.role || user.tenant_id !== found.tenant_id) {
        await sessions.deleteOne({ _id: found._id })
        return undefined
      }
      const { _id, expires_hour, ...session } = found
      return session
    },

    /** Checks a user's password without signing in (a password change asks for the current one). */
    async checkPassword(email: string, password: string): Promise<boolean> {
      const user = await findOneWith(users, consoleQueries.userById(email.trim().toLowerCase()))
      return verifyConsolePassword(password, user?.password ?? absentHash)
    },

    /**
     * Sessions written before `expires_hour` existed: a tenant's expired ones deleted, live ones given the
     * bucket so the purge finds them (indexed by tenant; a tenant has few). Returns how many it touched.
     */
    async backfillSessionExpiry(tenantId: string, now = new Date()): Promise<number> {
      const legacy = await sessions
        .find({ tenant_id: tenantId, expires_hour: { $exists: false } } as never)
        .toArray()
      for (const s of legacy) {
        if (s.expires_at.getTime() <= now.getTime()) await sessions.deleteOne({ _id: s._id })
        else await sessions.updateOne({ _id: s._id }, { $set: expiryFields(s.expires_at) })
      }
      return legacy.length
    },

    async closeSession(token: string): Promise<void> {
      await sessions.deleteOne({ _id: digest(token) })
    },
  }
}

export type ConsoleUserRepository = ReturnType<typeof createConsoleUserRepository>
