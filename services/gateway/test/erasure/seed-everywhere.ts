/**
 * A finished check with data in every place a check leaves some (docs/data-retention.md): its record,
 * stage slot and file (two versions on a versioned bucket), replay keys, the analysts' accepted sample,
 * the console's queue entry, claim, decisions, audit entries and forgery-set entry, and settlement's
 * credit line, settlement document and claims. The payer's name, account and purpose are marked so that
 * any copy left anywhere is found.
 */
import { deriveReplayKeys, exampleRecord } from '@rv/core'
import type { CheckRecord, CreditLine } from '@rv/schemas'
import type { FileStorage } from '@rv/storage'
import type { ReplayCheckDocument, Store } from '@rv/store'

export interface SeededCheck {
  tenantId: string
  checkId: string
  fileKey: string
  /** A string only this check's personal data carries (payer name, account, purpose of its credit). */
  marker: string
}

let sequence = 0

export async function seedEverywhere(
  store: Store,
  storage: FileStorage,
  check: { tenantId: string; checkId: string; fileKey: string; createdAt: string },
): Promise<SeededCheck> {
  const { tenantId, checkId, fileKey } = check
  const marker = `Marker${++sequence}x${Date.now().toString(36)}`
  const at = new Date(check.createdAt)
  // A second version of the file on a versioned bucket (a re-upload, a replication copy).
  await storage.put(fileKey, new TextEncoder().encode(`%PDF-1.7 ${marker}`), 'application/pdf')
  const record: CheckRecord = exampleRecord({
    id: checkId,
    tenant_id: tenantId,
    created_at: check.createdAt,
    order_ref: null,
  })
  if (!(await store.checks.writeRecord(record))) throw new Error('record not written')
  await store.checks.insertStage(checkId, 'extraction', { ok: true })
  const sha = fileKey.split('/').at(-1) ?? ''
  const registration = { tenantId, checkId, createdAt: check.createdAt }
  const keys = deriveReplayKeys({ fileSha256: sha, extraction: null, tenantId })
  await store.replay.register({ ...registration, keys })
  // The registration a check stored before 29 Nov 2026 also has (the registry's layout then).
  await store.db.collection<ReplayCheckDocument>('replay_checks').insertOne({
    _id: `${tenantId}:${checkId}`,
    tenant_id: tenantId,
    check_id: checkId,
    keys,
    created_at: check.createdAt,
  })
  const file = { bucket: storage.bucket, key: fileKey, sha256: sha }
  await store.reviews.accept({
    _id: checkId,
    tenant_id: tenantId,
    family: 'x/y',
    bank: 'x',
    note: marker,
    file,
  })
  await seedConsole(store, { tenantId, checkId, at, marker, file })
  await seedSettlement(store, { tenantId, checkId, at, marker, record })
  return { tenantId, checkId, fileKey, marker }
}

async function seedConsole(
  store: Store,
  c: {
    tenantId: string
    checkId: string
    at: Date
    marker: string
    file: { bucket: string; key: string; sha256: string }
  },
) {
  const { tenantId, checkId, at, marker } = c
  await store.reviewQueue.enqueue({
    _id: checkId,
    tenant_id: tenantId,
    queue: 'review',
    completed_at: at,
    verdict: 'suspicious',
    family: 'vtb/sbp_outgoing',
    bank: 'vtb',
    amount: 100,
    reasons: [],
  })
  const queued = await store.reviewQueue.find(tenantId, checkId)
  if (!queued) throw new Error('not queued')
  await store.reviewQueue.claim(queued, 'analyst@console.test', 60_000, at)
  await store.decisions.append({
    check_id: checkId,
    tenant_id: tenantId,
    reason_code: 'edited_values',
    note: marker,
    role: 'lead',
    record_sha256: 'a'.repeat(64),
    recommendation_was: 'review',
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    failed_checks: [],
    completed_at: at,
    decision: 'forged',
    decided_by: 'lead@console.test',
  })
  await store.audit.record({
    tenantId,
    email: 'lead@console.test',
    action: 'decide',
    checkId,
    detail: marker,
  })
  await store.forgerySet.add({
    _id: checkId,
    tenant_id: tenantId,
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    reason_code: 'edited_values',
    decided_by: 'lead@console.test',
    file: c.file,
    added_at: at,
  })
}

async function seedSettlement(
  store: Store,
  c: { tenantId: string; checkId: string; at: Date; marker: string; record: CheckRecord },
) {
  const { tenantId, checkId, marker, record } = c
  const credit: CreditLine = {
    line_id: `line-${marker}`,
    amount: 600,
    currency: 'RUB',
    credited_at: '2026-02-11T07:10:14Z',
    time_precision: 'second',
    payer_name: `${marker} Сергеевич Л.`,
    payer_account: `40817810${marker}`,
    sbp_operation_id: 'B6042071012K4Q270000070011700101',
    operation_number: null,
    purpose: `за заказ ${marker}`,
  }
  const keys = {
    sbp_id: credit.sbp_operation_id ?? null,
    operation_number: null,
    amount_minor: 60000,
    day: '2026-02-11',
  }
  await store.settlements.putCredit({
    tenant_id: tenantId,
    line_id: credit.line_id,
    credit,
    ...keys,
    received_at: c.at,
  })
  await store.settlements.putSettlement({
    tenant_id: tenantId,
    check_id: checkId,
    ...keys,
    check: {
      amount: 600,
      currency: 'RUB',
      paid_at: '2026-02-11T07:10:12.000Z',
      payer_name: `${marker} С.`,
      created_at: record.created_at,
      recommendation: 'accept',
      reasons: [],
      profile: { name: 'default', version: 1 },
    },
    settlement: null,
    awaiting: false,
    due_at: null,
    open: true,
  })
  if ((await store.settlements.claim(tenantId, checkId, credit.line_id)) !== 'claimed')
    throw new Error('not claimed')
  await store.settlements.saveOutcome(tenantId, checkId, {
    status: 'confirmed',
    joined_by: 'sbp_operation_id',
    credit,
    reasons: ['settlement_confirmed'],
    recommendation: 'accept',
    due_at: null,
    updated_at: c.at.toISOString(),
  })
}

/** Every document of every collection of the database whose JSON carries `needle`, as `collection: _id`. */
export async function documentsCarrying(store: Store, needle: string): Promise<string[]> {
  const found: string[] = []
  for (const { name } of await store.db.listCollections({}, { nameOnly: true }).toArray()) {
    for (const doc of await store.db.collection(name).find({}).toArray())
      if (JSON.stringify(doc).includes(needle)) found.push(`${name}: ${String(doc._id)}`)
  }
  return found.sort()
}
