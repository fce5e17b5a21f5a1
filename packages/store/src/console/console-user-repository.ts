import type { Db } from 'mongodb'
import { ensureExpiryIndexes } from '../expiring-documents'
import { consoleErasureQueries, consoleIndexes } from './console-queries'
import { createConsoleSessions } from './console-sessions'
import { openConsoleUserCollections } from './console-user-documents'
import { createConsoleUsers } from './console-users'

export {
  type ConsoleRole,
  type ConsoleSession,
  type ConsoleSessionDocument,
  type ConsoleUserCollections,
  type ConsoleUserDocument,
  consoleRoles,
  type SignInFailure,
  type SignInOutcome,
} from './console-user-documents'

/**
 * Console users and their sessions (`console_users`, `console_sessions`): the users (`console-users.ts`)
 * and the sessions (`console-sessions.ts`), composed into the one repository the console takes.
 */
export function createConsoleUserRepository(db: Db) {
  const ctx = openConsoleUserCollections(db)
  const { users, sessions } = ctx
  return {
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

    ...createConsoleUsers(ctx),
    ...createConsoleSessions(ctx),
  }
}

export type ConsoleUserRepository = ReturnType<typeof createConsoleUserRepository>
