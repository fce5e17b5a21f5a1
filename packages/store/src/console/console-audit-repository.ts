import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from '../duplicate-key'
import { findOneWith, findWith } from '../store-queries'
import {
  auditPlace,
  type ChainedFields,
  type ChainHead,
  type ChainReport,
  chainFields,
  verifyAuditChain,
} from './audit-chain'
import { consoleErasureQueries, consoleIndexes, consoleQueries, tenantDay } from './console-queries'

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

interface AuditHeadDocument extends ChainHead {
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

const maxAppendTries = 50

export function createConsoleAuditRepository(db: Db) {
  const audit: Collection<AuditEntryDocument> = db.collection('console_audit')
  const heads: Collection<AuditHeadDocument> = db.collection('console_audit_heads')

  /** Moves the head forward to `seq` (never back: a slower appender's older head is refused). */
  async function advanceHead(tenantId: string, seq: number, hash: string, now: Date): Promise<void> {
    const moved = await heads.updateOne(
      { _id: tenantId, seq: { $lt: seq } },
      { $set: { seq, hash, at: now } },
    )
    if (moved.matchedCount === 1) return
    try {
      await heads.insertOne({ _id: tenantId, seq, hash, at: now })
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error // the head is already at or past seq
    }
  }

  /**
   * Appends at the end of the tenant's chain: the head says where the end is, a look-ahead passes entries
   * whose head update did not land, and the insert of `<tenant>:<seq>` is the race guard — of two appenders
   * one wins the place and the other tries the next.
   */
  async function append(entry: AuditEntryInput, now: Date): Promise<void> {
    const head = await findOneWith(heads, consoleQueries.auditHead(entry.tenantId))
    let seq = head?.seq ?? 0
    let prev = head?.hash ?? ''
    const base = {
      tenant_id: entry.tenantId,
      tenant_day: tenantDay(entry.tenantId, now),
      email: entry.email,
      action: entry.action,
      check_id: entry.checkId ?? null,
      detail: entry.detail ?? null,
      key: entry.key ?? null,
      at: now,
    }
    for (let tries = 0; tries < maxAppendTries; tries++) {
      for (;;) {
        const next = await findOneWith(audit, consoleQueries.auditEntry(auditPlace(entry.tenantId, seq + 1)))
        if (!next) break
        seq += 1
        prev = next.hash ?? ''
      }
      const doc = { _id: auditPlace(entry.tenantId, seq + 1), ...base, ...chainFields(base, seq + 1, prev) }
      try {
        await audit.insertOne(doc)
      } catch (error) {
        if (isDuplicateKeyError(error)) continue
        throw error
      }
      await advanceHead(entry.tenantId, doc.seq, doc.hash, now)
      return
    }
    throw new Error(`audit chain of ${entry.tenantId}: no free place after ${maxAppendTries} tries`)
  }

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
      await append(entry, now)
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
