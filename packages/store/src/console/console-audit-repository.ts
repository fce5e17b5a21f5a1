import { randomBytes } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import { findWith } from '../store-queries'
import { consoleErasureQueries, consoleIndexes, consoleQueries, tenantDay } from './console-queries'

/** `approve-version`: a lead approved learning a new template version (`fingerprint approve`; no check). */
export const auditActions = [
  'sign-in',
  'claim',
  'view-file',
  'decide',
  'escalate',
  'approve-version',
] as const
export type AuditAction = (typeof auditActions)[number]

/** One action of one console user (`console_audit`): inserted, never changed. */
export interface AuditEntryDocument {
  _id: string
  tenant_id: string
  tenant_day: string
  email: string
  action: AuditAction
  check_id: string | null
  detail: string | null
  at: Date
}

export interface AuditEntryInput {
  tenantId: string
  email: string
  action: AuditAction
  checkId?: string
  detail?: string
  /** An idempotency key: the entry's `_id`, so recording it again writes nothing. */
  key?: string
}

export function createConsoleAuditRepository(db: Db) {
  const audit: Collection<AuditEntryDocument> = db.collection('console_audit')

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.console_audit) await audit.createIndex(index)
    },

    /**
     * Appends an entry. With `key`, the entry's `_id` is that key and a second record of it is a no-op: a
     * decision's entry is keyed by the decision, so the sweeper finishing it never writes it twice.
     */
    async record(entry: AuditEntryInput, now = new Date()): Promise<void> {
      try {
        await audit.insertOne({
          _id: entry.key ?? `${now.getTime().toString(36)}-${randomBytes(6).toString('hex')}`,
          tenant_id: entry.tenantId,
          tenant_day: tenantDay(entry.tenantId, now),
          email: entry.email,
          action: entry.action,
          check_id: entry.checkId ?? null,
          detail: entry.detail ?? null,
          at: now,
        })
      } catch (error) {
        if (!(entry.key && isDuplicateKeyError(error))) throw error
      }
    },

    /** Erasure: a check's entries. */
    async eraseCheck(checkId: string): Promise<void> {
      await audit.deleteMany(consoleErasureQueries.auditOfCheck(checkId).filter)
    },

    /** Erasure: a tenant's entries (sign-ins and approvals, which name no check, among them). */
    async eraseTenant(tenantId: string): Promise<void> {
      await audit.deleteMany(consoleErasureQueries.auditOfTenant(tenantId).filter)
    },

    /** A check's audit trail, only for its own tenant. */
    async ofCheck(tenantId: string, checkId: string): Promise<AuditEntryDocument[]> {
      return (await findWith(audit, consoleQueries.auditOfCheck(checkId)).toArray()).filter(
        (e) => e.tenant_id === tenantId,
      )
    },
  }
}

export type ConsoleAuditRepository = ReturnType<typeof createConsoleAuditRepository>
