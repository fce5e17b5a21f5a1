import { randomBytes } from 'node:crypto'
import type { Collection, Db } from 'mongodb'
import { findWith } from '../store-queries'
import { consoleIndexes, consoleQueries, tenantDay } from './console-queries'

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

export function createConsoleAuditRepository(db: Db) {
  const audit: Collection<AuditEntryDocument> = db.collection('console_audit')

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.console_audit) await audit.createIndex(index)
    },

    async record(
      entry: { tenantId: string; email: string; action: AuditAction; checkId?: string; detail?: string },
      now = new Date(),
    ): Promise<void> {
      await audit.insertOne({
        _id: `${now.getTime().toString(36)}-${randomBytes(6).toString('hex')}`,
        tenant_id: entry.tenantId,
        tenant_day: tenantDay(entry.tenantId, now),
        email: entry.email,
        action: entry.action,
        check_id: entry.checkId ?? null,
        detail: entry.detail ?? null,
        at: now,
      })
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
