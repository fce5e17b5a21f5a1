/**
 * The review console's personal data goes with the check and the tenant, through the same erasure the
 * gateway's DELETE, `npm run admin -- check delete | tenant delete` and the retention sweeper build
 * (`storeParticipants`), on the real store and S3: decisions, audit entries, the queue entry and its
 * claims, the forgery regression set, the accepted sample; of a tenant also its console users, sessions
 * and its leads' version approvals.
 */
import { pendingRecord } from '@rv/core'
import { createS3Storage, type FileStorage, sha256Hex, tenantFileKey } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createErasure, type Erasure } from '../src/erasure'
import { createErasureRegistry } from '../src/erasure-registry'
import { storeParticipants } from '../src/store-participants'
import { sweepRetention } from '../src/sweep-retention'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-console-erasure')
const store = useTestStore('it-console-erasure', connectStore)
const day = 24 * 60 * 60 * 1000
const now = new Date('2026-06-10T12:30:00.000Z')
let storage: FileStorage
let erasure: Erasure
let sequence = 0

beforeAll(async () => {
  storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
  await storage.ensure()
  erasure = createErasure(store(), createErasureRegistry(storeParticipants(store(), storage)))
})

afterAll(() => cleanup.run())

/** A finished check an analyst claimed, escalated and a lead decided forged, as the console leaves it. */
async function reviewedCheck(tenantId: string, createdAt: Date) {
  const checkId = `chk_con${String(++sequence).padStart(9, '0')}`
  const bytes = new TextEncoder().encode(`%PDF-1.7 console ${sequence}`)
  const sha256 = sha256Hex(bytes)
  const key = tenantFileKey(tenantId, checkId, sha256)
  await storage.put(key, bytes, 'application/pdf')
  const record = pendingRecord({
    checkId,
    tenantId,
    createdAt: createdAt.toISOString(),
    orderRef: null,
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  })
  await store().checks.insertPending(record, {
    check_id: checkId,
    tenant_id: tenantId,
    file: { key, sha256 },
  })
  await store().checks.writeRecord({ ...record, status: 'done' } as typeof record)
  const entry = {
    _id: checkId,
    tenant_id: tenantId,
    queue: 'review' as const,
    completed_at: createdAt,
    verdict: 'suspicious',
    family: 'vtb/sbp_outgoing',
    bank: 'vtb',
    amount: 100,
    reasons: [],
  }
  await store().reviewQueue.enqueue(entry)
  const queued = await store().reviewQueue.find(tenantId, checkId)
  if (!queued) throw new Error('not queued')
  await store().reviewQueue.claim(queued, 'analyst@console.test', 60_000, createdAt)
  const decision = {
    check_id: checkId,
    tenant_id: tenantId,
    reason_code: 'edited_values',
    note: 'a name',
    role: 'analyst' as const,
    record_sha256: 'a'.repeat(64),
    recommendation_was: 'review',
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    failed_checks: [],
    completed_at: createdAt,
  }
  await store().decisions.append({ ...decision, decision: 'escalate', decided_by: 'analyst@console.test' })
  await store().reviewQueue.close(checkId, tenantId, 'escalated', 1)
  await store().decisions.append({ ...decision, decision: 'forged', decided_by: 'lead@console.test' })
  await store().reviewQueue.close(checkId, tenantId, 'decided', 2)
  for (const action of ['claim', 'view-file', 'decide'] as const)
    await store().audit.record({ tenantId, email: 'lead@console.test', action, checkId })
  const file = { bucket: storage.bucket, key, sha256 }
  await store().forgerySet.add({
    _id: checkId,
    tenant_id: tenantId,
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    reason_code: 'edited_values',
    decided_by: 'lead@console.test',
    file,
    added_at: createdAt,
  })
  await store().reviews.accept({
    _id: checkId,
    tenant_id: tenantId,
    family: 'vtb/sbp_outgoing',
    bank: 'vtb',
    note: null,
    file,
  })
  return checkId
}

/** How many console documents still hold something of the check (7 for a reviewed check). */
async function consoleTraces(checkId: string): Promise<number> {
  const db = store().db
  const counts = await Promise.all([
    db.collection('check_decisions').countDocuments({ check_id: checkId }), // 2
    db.collection('console_audit').countDocuments({ check_id: checkId }), // 3
    db.collection('review_queue').countDocuments({ _id: checkId as never }), // 1
    db.collection('review_claims').countDocuments({ check_id: checkId }), // 1
    db.collection('forgery_set').countDocuments({ _id: checkId as never }), // 1
    db.collection('review_decisions').countDocuments({ _id: checkId as never }), // 1
  ])
  return counts.reduce((a, b) => a + b, 0)
}
const reviewed = 9

/** A tenant's console users, sessions, sign-in entries and version approvals (which name no check). */
async function tenantTraces(tenantId: string): Promise<number> {
  const db = store().db
  const counts = await Promise.all(
    ['console_users', 'console_sessions', 'console_audit', 'fingerprint_approvals'].map((c) =>
      db.collection(c).countDocuments({ tenant_id: tenantId }),
    ),
  )
  return counts.reduce((a, b) => a + b, 0)
}

async function consoleTenant(name: string, createdAt = now) {
  const tenant = await store().tenants.createTenant(`${name}-${++sequence}`, createdAt)
  const email = `lead-${sequence}@console.test`
  await store().consoleUsers.add({
    email,
    tenantId: tenant._id,
    role: 'lead',
    password: 'long enough secret',
  })
  const user = await store().consoleUsers.authenticate(email, 'long enough secret')
  if (!user) throw new Error('no user')
  await store().consoleUsers.openSession(user, 60_000, now)
  await store().audit.record({ tenantId: tenant._id, email, action: 'sign-in' })
  await store().versionApprovals.approve({
    family: 'vtb',
    version: `producer ${sequence}`,
    approved_by: email,
    tenant_id: tenant._id,
    note: null,
  })
  return tenant
}

describe("the console's data in the erasure", () => {
  it('a check erased (DELETE /v1/checks/{id}, check delete) takes its console data; the rest stays', async () => {
    const tenant = await consoleTenant('con-check')
    const erased = await reviewedCheck(tenant._id, now)
    const kept = await reviewedCheck(tenant._id, now)
    expect(await consoleTraces(erased)).toBe(reviewed)
    expect(await erasure.eraseCheck(tenant._id, erased)).toBe(true)
    expect(await consoleTraces(erased)).toBe(0)
    expect(await consoleTraces(kept)).toBe(reviewed)
    // Users, sessions, sign-ins and approvals are the tenant's, not the check's; the erased check's three
    // audit entries stay in the tenant's hash chain without what names the check (docs/console.md).
    expect(await tenantTraces(tenant._id)).toBe(4 + 3 + 3)
    const redacted = await store()
      .db.collection('console_audit')
      .find({ tenant_id: tenant._id, erased: true })
      .toArray()
    expect(redacted.map((e) => [e.check_id, e.detail, e.key])).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ])
    expect((await store().audit.verify(tenant._id)).problems).toEqual([])
  })

  it('a tenant erased (tenant delete) takes its console users, sessions, audit and approvals too', async () => {
    const tenant = await consoleTenant('con-tenant')
    const neighbour = await consoleTenant('con-neighbour')
    const checks = [await reviewedCheck(tenant._id, now), await reviewedCheck(tenant._id, now)]
    const theirs = await reviewedCheck(neighbour._id, now)
    // A decision of a check already gone (erased before the console's data joined the erasure).
    await store().decisions.append({
      check_id: 'chk_conGone0001',
      tenant_id: tenant._id,
      decision: 'genuine',
      reason_code: null,
      note: null,
      decided_by: 'analyst@console.test',
      role: 'analyst',
      record_sha256: 'b'.repeat(64),
      recommendation_was: 'review',
      family: null,
      verdict_was: null,
      failed_checks: [],
      completed_at: now,
    })
    expect(await erasure.eraseTenant(tenant._id)).toEqual({ checks: 2 })
    for (const check of checks) expect(await consoleTraces(check)).toBe(0)
    expect(await tenantTraces(tenant._id)).toBe(0)
    expect(await store().db.collection('check_decisions').countDocuments({ tenant_id: tenant._id })).toBe(0)
    expect(await consoleTraces(theirs)).toBe(reviewed)
    expect(await tenantTraces(neighbour._id)).toBe(4 + 3)
  })

  it('the retention sweeper erases the console data of the checks it expires', async () => {
    // Created four days ago: the sweeper walks its hours from then (one indexed query each).
    const tenant = await consoleTenant('con-sweep', new Date(now.getTime() - 4 * day))
    await store().tenants.setRetention(tenant._id, 2)
    const old = await reviewedCheck(tenant._id, new Date(now.getTime() - 3 * day))
    const young = await reviewedCheck(tenant._id, new Date(now.getTime() - 1 * day))
    const report = await sweepRetention(store(), erasure, { now, defaultDays: 90, maxHours: 24 * 60 })
    expect(report.checks).toBe(1)
    expect(await consoleTraces(old)).toBe(0)
    expect(await consoleTraces(young)).toBe(reviewed)
  })
})
