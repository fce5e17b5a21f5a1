import { isDuplicateKeyError } from '../duplicate-key'
import { findOneWith } from '../store-queries'
import { auditPlace, chainFields } from './audit-chain'
import type { AuditCollections, AuditEntryInput } from './console-audit-documents'
import { consoleQueries, tenantDay } from './console-queries'

const maxAppendTries = 50

/** Moves the head forward to `seq` (never back: a slower appender's older head is refused). */
async function advanceHead(
  { heads }: AuditCollections,
  tenantId: string,
  seq: number,
  hash: string,
  now: Date,
): Promise<void> {
  const moved = await heads.updateOne({ _id: tenantId, seq: { $lt: seq } }, { $set: { seq, hash, at: now } })
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
export async function appendAuditEntry(
  ctx: AuditCollections,
  entry: AuditEntryInput,
  now: Date,
): Promise<void> {
  const { audit, heads } = ctx
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
    await advanceHead(ctx, entry.tenantId, doc.seq, doc.hash, now)
    return
  }
  throw new Error(`audit chain of ${entry.tenantId}: no free place after ${maxAppendTries} tries`)
}
