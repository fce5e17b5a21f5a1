import { isDuplicateKeyError } from '../duplicate-key'
import { findOneWith } from '../store-queries'
import { hashConsolePassword, verifyConsolePassword } from './console-password'
import { consoleQueries } from './console-queries'
import { revokeSessions } from './console-sessions'
import type {
  ConsoleRole,
  ConsoleUserCollections,
  ConsoleUserDocument,
  SignInOutcome,
} from './console-user-documents'

/** What an unknown address is checked against: it costs one hash like a real one, and never matches. */
const absentHash = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'

/**
 * A sign-in: the user when the password is right and the user is not disabled; otherwise why not (for
 * the audit). An unknown address and a disabled user still pay one hash, so timing tells nothing.
 */
async function signIn(
  { users }: ConsoleUserCollections,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  const user = await findOneWith(users, consoleQueries.userById(email.trim().toLowerCase()))
  const stored = user?.password ?? absentHash
  const ok = await verifyConsolePassword(password, stored)
  if (!user) return { reason: 'unknown address' }
  if (!ok) return { reason: 'wrong password', tenantId: user.tenant_id }
  if (user.disabled_at) return { reason: 'disabled', tenantId: user.tenant_id }
  return { user }
}

/** Adds a user; false when the address is taken (in any tenant). */
async function addUser(
  { users }: ConsoleUserCollections,
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
}

/** The changes to a user: each one that changes who may act as them revokes their sessions. */
function createUserChanges(ctx: ConsoleUserCollections) {
  const { users } = ctx
  return {
    /** Disables (or enables again) a user; disabling revokes every session of theirs at once. */
    async setDisabled(email: string, disabled: boolean, now = new Date()): Promise<boolean> {
      const id = email.trim().toLowerCase()
      const { matchedCount } = await users.updateOne(
        { _id: id },
        { $set: { disabled_at: disabled ? now : null } },
      )
      if (disabled) await revokeSessions(ctx, id)
      return matchedCount === 1
    },

    /** Changes a user's role; their sessions (which carry the old role) are revoked. */
    async setRole(email: string, role: ConsoleRole): Promise<boolean> {
      const id = email.trim().toLowerCase()
      const { matchedCount } = await users.updateOne({ _id: id }, { $set: { role } })
      await revokeSessions(ctx, id)
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
      await revokeSessions(ctx, id)
      return matchedCount === 1
    },

    /** Removes a user, sessions first (nobody stays signed in as them). */
    async remove(email: string): Promise<boolean> {
      const id = email.trim().toLowerCase()
      await revokeSessions(ctx, id)
      return (await users.deleteOne({ _id: id })).deletedCount === 1
    },
  }
}

/** Console users (`console_users`): adding, signing in, and the changes that end their sessions. */
export function createConsoleUsers(ctx: ConsoleUserCollections) {
  const { users } = ctx
  return {
    signIn: (email: string, password: string) => signIn(ctx, email, password),
    add: (user: { email: string; tenantId: string; role: ConsoleRole; password: string }, now?: Date) =>
      addUser(ctx, user, now),

    /** The user of an address (never its password hash), e.g. to check a lead's role. */
    async find(email: string): Promise<Omit<ConsoleUserDocument, 'password'> | undefined> {
      const user = await findOneWith(users, consoleQueries.userById(email.trim().toLowerCase()))
      if (!user) return undefined
      const { password, ...rest } = user
      return rest
    },

    /** The user when the password is right and the user enabled; undefined otherwise. */
    async authenticate(email: string, password: string): Promise<ConsoleUserDocument | undefined> {
      return (await signIn(ctx, email, password)).user
    },

    ...createUserChanges(ctx),

    /** Checks a user's password without signing in (a password change asks for the current one). */
    async checkPassword(email: string, password: string): Promise<boolean> {
      const user = await findOneWith(users, consoleQueries.userById(email.trim().toLowerCase()))
      return verifyConsolePassword(password, user?.password ?? absentHash)
    },
  }
}
