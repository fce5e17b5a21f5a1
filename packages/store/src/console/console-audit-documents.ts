import type { Collection, Db } from 'mongodb'
import type { ChainedFields, ChainHead, ChainReport } from './audit-chain'

/**
 * `approve-version`: a lead approved learning a new template version (`fingerprint approve`; no check).
 * `view`: a check's page opened; `view-file`: its file read. `sign-in-failed`: the detail says why and from
 * where. `user-admin`: an operator disabled, enabled, removed a user or changed their role or password.
 */
export const auditActions = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'password-change',
  'claim',
  'view',
  'view-file',
  'decide',
  'escalate',
  'approve-version',
  'user-admin',
] as const
export type AuditAction = (typeof auditActions)[number]

/** The chain of failed sign-ins for an address that is nobody's (no tenant to file them under). */
export const unknownTenant = '-'

/**
 * One action of one console user (`console_audit`), chained per tenant (audit-chain.ts): `_id` is its place
 * `<tenant>:<seq>`. Entries written before the chain have a random `_id` (or their key) and no `seq`.
 */
export interface AuditEntryDocument extends ChainedFields {
  _id: string
  tenant_day: string
  action: AuditAction
}

export interface AuditHeadDocument extends ChainHead {
  /** The tenant. */
  _id: string
  at: Date
}

export interface AuditEntryInput {
  tenantId: string
  email: string
  action: AuditAction
  checkId?: string
  detail?: string
  /** An idempotency key: recording an entry with a key already recorded writes nothing. */
  key?: string
}

export interface AuditChainVerification extends ChainReport {
  tenant_id: string
  /** Entries written before the chain (not verifiable). */
  unchained: number
  head: ChainHead | null
}

/** The audit log and the head of each tenant's chain in it. */
export interface AuditCollections {
  audit: Collection<AuditEntryDocument>
  heads: Collection<AuditHeadDocument>
}

export function openAuditCollections(db: Db): AuditCollections {
  return { audit: db.collection('console_audit'), heads: db.collection('console_audit_heads') }
}
