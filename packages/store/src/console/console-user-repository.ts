import { createHash, randomBytes } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
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
}

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
}

export type ConsoleSession = Omit<ConsoleSessionDocument, '_id'>

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** Console users and their sessions (`console_users`, `console_sessions`). */
export function createConsoleUserRepository(db: Db) {
  const users: Collection<ConsoleUserDocument> = db.collection('console_users')
  const sessions: Collection<ConsoleSessionDocument> = db.collection('console_sessions')

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.console_users) await users.createIndex(index)
      for (const index of consoleIndexes.console_sessions) await sessions.createIndex(index)
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

    /** The user when the password is right; undefined otherwise (unknown address and wrong password alike). */
    async authenticate(email: string, password: string): Promise<ConsoleUserDocument | undefined> {
      const user = await findOneWith(users, consoleQueries.userById(email.trim().toLowerCase()))
      // An unknown address still pays one hash, so timing does not tell which addresses exist.
      const stored = user?.password ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'
      const ok = await verifyConsolePassword(password, stored)
      return user && ok ? user : undefined
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
      await sessions.insertOne({ _id: digest(token), ...session })
      return { token, session }
    },

    async findSession(token: string, now = new Date()): Promise<ConsoleSession | undefined> {
      const found = await findOneWith(sessions, consoleQueries.sessionById(digest(token)))
      if (!found || found.expires_at.getTime() <= now.getTime()) return undefined
      const { _id, ...session } = found
      return session
    },

    async closeSession(token: string): Promise<void> {
      await sessions.deleteOne({ _id: digest(token) })
    },
  }
}

export type ConsoleUserRepository = ReturnType<typeof createConsoleUserRepository>
