import type { Db } from 'mongodb'
import { findOneWith, findWith } from '../store-queries'
import { verifyAuditChain } from './audit-chain'
import { appendAuditEntry } from './console-audit-append'
import {
  type AuditChainVerification,
  type AuditEntryDocument,
  type AuditEntryInput,
  openAuditCollections,
} from './console-audit-documents'
import { consoleErasureQueries, consoleIndexes, consoleQueries } from './console-queries'

export {
  type AuditAction,
  type AuditChainVerification,
  type AuditCollections,
  type AuditEntryDocument,
  type AuditEntryInput,
  auditActions,
  unknownTenant,
} from './console-audit-documents'

/** The console's audit log: entries appended to a hash chain per tenant (`console-audit-append.ts`). */
export function createConsoleAuditRepository(db: Db) {
  const ctx = openAuditCollections(db)
  const { audit, heads } = ctx
  return {
    async ensureIndexes(): Promise<void> {
      for (const index of consoleIndexes.console_audit) await audit.createIndex(index)
    },

    /**
     * Appends an entry to its tenant's chain. With `key`, an entry already recorded under it is not
     * recorded again: a decision's entry is keyed by the decision, so the sweeper finishing it never writes
     * it twice.
     */
    async record(entry: AuditEntryInput, now = new Date()): Promise<void> {
      if (entry.key && (await findOneWith(audit, consoleQueries.auditByKey(entry.key)))) return
      await appendAuditEntry(ctx, entry, now)
    },

    /**
     * Erasure: a check's entries. A chained entry keeps its place and hashes, and loses what names the check
     * (check id, detail, key); an entry from before the chain is deleted.
     */
    async eraseCheck(checkId: string): Promise<void> {
      for (const e of await findWith(audit, consoleErasureQueries.auditOfCheck(checkId)).toArray()) {
        if (e.seq === undefined) await audit.deleteOne({ _id: e._id })
        else
          await audit.updateOne(
            { _id: e._id },
            { $set: { check_id: null, detail: null, key: null, erased: true } },
          )
      }
    },

    /** Erasure: a tenant's entries (sign-ins and approvals, which name no check, among them) and its chain. */
    async eraseTenant(tenantId: string): Promise<void> {
      await audit.deleteMany(consoleErasureQueries.auditOfTenant(tenantId).filter)
      await heads.deleteOne({ _id: tenantId })
    },

    /** A check's audit trail, only for its own tenant. */
    async ofCheck(tenantId: string, checkId: string): Promise<AuditEntryDocument[]> {
      return (await findWith(audit, consoleQueries.auditOfCheck(checkId)).toArray()).filter(
        (e) => e.tenant_id === tenantId,
      )
    },

    /** Verifies a tenant's chain (`npm run admin -- console audit verify`): reads every entry of the tenant. */
    async verify(tenantId: string): Promise<AuditChainVerification> {
      const entries = await findWith(audit, consoleQueries.auditOfTenant(tenantId)).toArray()
      const stored = await findOneWith(heads, consoleQueries.auditHead(tenantId))
      const head = stored ? { seq: stored.seq, hash: stored.hash } : null
      return {
        tenant_id: tenantId,
        ...verifyAuditChain(entries, head),
        unchained: entries.filter((e) => e.seq === undefined).length,
        head,
      }
    },
  }
}

export type ConsoleAuditRepository = ReturnType<typeof createConsoleAuditRepository>
