import type { Collection, Db } from 'mongodb'

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

/** The console's two collections of people: users and their sessions. */
export interface ConsoleUserCollections {
  users: Collection<ConsoleUserDocument>
  sessions: Collection<ConsoleSessionDocument>
}

export function openConsoleUserCollections(db: Db): ConsoleUserCollections {
  return { users: db.collection('console_users'), sessions: db.collection('console_sessions') }
}
