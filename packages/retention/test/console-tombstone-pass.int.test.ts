/**
 * Console data of checks erased before the console joined the erasure: the tombstone is there, the
 * decisions, audit entries, queue entry, claims and forgery-set entry stayed. `eraseConsoleOfTombstoned`
 * erases them on the real store; live checks' and other tenants' console data stay; a finished tenant is
 * never read again; a run cut by `maxChecks` is finished by the next.
 */
import { pendingRecord } from '@rv/core'
import { createS3Storage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { consoleParticipants } from '../src/console-participants'
import { eraseConsoleOfTombstoned, type TombstonePassStore } from '../src/erase-console-of-tombstoned'
import { createErasure, type Erasure } from '../src/erasure'
import { createErasureRegistry } from '../src/erasure-registry'
import { storeParticipants } from '../src/store-participants'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-console-tombstones')
const store = useTestStore('it-console-tombstones', connectStore)
const now = new Date('2026-06-10T12:30:00.000Z')
/** The erasure as it was before the console joined it: the store's participants without the console's. */
let erasureBefore: Erasure
let sequence = 0
/** Pages of tombstones read by the pass (through `counted`). */
let pages = 0
let counted: TombstonePassStore

beforeAll(async () => {
  const storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
  await storage.ensure()
  const late = new Set(consoleParticipants(store()).map((p) => p.name))
  const before = storeParticipants(store(), storage).filter((p) => !late.has(p.name))
  erasureBefore = createErasure(store(), createErasureRegistry(before))
  counted = {
    ...store(),
    tombstones: {
      idsOfTenant: (...args) => {
        pages++
        return store().tombstones.idsOfTenant(...args)
      },
    },
  }
})

afterAll(() => cleanup.run())

/** A finished check an analyst claimed and decided, with its audit and forgery-set entries. */
async function reviewedCheck(tenantId: string): Promise<string> {
  const checkId = `chk_tomb${String(++sequence).padStart(8, '0')}`
  const record = pendingRecord({
    checkId,
    tenantId,
    createdAt: now.toISOString(),
    orderRef: null,
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  })
  await store().checks.insertPending(record, { check_id: checkId, tenant_id: tenantId })
  await store().checks.writeRecord({ ...record, status: 'done' } as typeof record)
  await store().reviewQueue.enqueue({
    _id: checkId,
    tenant_id: tenantId,
    queue: 'review',
    completed_at: now,
    verdict: 'suspicious',
    family: 'vtb/sbp_outgoing',
    bank: 'vtb',
    amount: 100,
    reasons: [],
  })
  const queued = await store().reviewQueue.find(tenantId, checkId)
  if (!queued) throw new Error('not queued')
  await store().reviewQueue.claim(queued, 'analyst@console.test', 60_000, now)
  await store().decisions.append({
    check_id: checkId,
    tenant_id: tenantId,
    decision: 'forged',
    reason_code: 'edited_values',
    note: 'a name',
    decided_by: 'analyst@console.test',
    role: 'analyst',
    record_sha256: 'a'.repeat(64),
    recommendation_was: 'review',
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    failed_checks: [],
    completed_at: now,
  })
  for (const action of ['claim', 'decide'] as const)
    await store().audit.record({ tenantId, email: 'analyst@console.test', action, checkId })
  await store().forgerySet.add({
    _id: checkId,
    tenant_id: tenantId,
    family: 'vtb/sbp_outgoing',
    verdict_was: 'suspicious',
    reason_code: 'edited_values',
    decided_by: 'analyst@console.test',
    file: { bucket: 'b', key: `tenants/${tenantId}/x`, sha256: 'c'.repeat(64) },
    added_at: now,
  })
  return checkId
}
/** Decision, two audit entries, queue entry, claim, forgery-set entry. */
const reviewed = 6

/** How many console documents still hold something of the check. */
async function consoleTraces(checkId: string): Promise<number> {
  const db = store().db
  const counts = await Promise.all([
    db.collection('check_decisions').countDocuments({ check_id: checkId }),
    db.collection('console_audit').countDocuments({ check_id: checkId }),
    db.collection('review_queue').countDocuments({ _id: checkId as never }),
    db.collection('review_claims').countDocuments({ check_id: checkId }),
    db.collection('forgery_set').countDocuments({ _id: checkId as never }),
  ])
  return counts.reduce((a, b) => a + b, 0)
}

/** A check reviewed, then erased by the erasure of before (its console data stays behind). */
async function erasedBefore(tenantId: string): Promise<string> {
  const checkId = await reviewedCheck(tenantId)
  expect(await erasureBefore.eraseCheck(tenantId, checkId)).toBe(true)
  expect(await store().tombstones.isDeleted(tenantId, checkId)).toBe(true)
  expect(await consoleTraces(checkId)).toBe(reviewed)
  return checkId
}

const tenant = async (name: string) => (await store().tenants.createTenant(`${name}-${++sequence}`, now))._id

describe('the console data of checks erased before the console joined the erasure', () => {
  it('goes with one pass; live and other tenants’ data stay; a second run reads nothing', async () => {
    const a = await tenant('tomb-a')
    const b = await tenant('tomb-b')
    const goneA = [await erasedBefore(a), await erasedBefore(a)]
    const liveA = await reviewedCheck(a)
    const goneB = await erasedBefore(b)
    const liveB = await reviewedCheck(b)

    const report = await eraseConsoleOfTombstoned(counted, consoleParticipants(store()), { now, batch: 1 })
    expect(report).toEqual({ tenants: 2, checks: 3, complete: true })
    for (const check of [...goneA, goneB]) expect(await consoleTraces(check)).toBe(0)
    expect(await consoleTraces(liveA)).toBe(reviewed)
    expect(await consoleTraces(liveB)).toBe(reviewed)
    // The tombstones stay (GET answers 410), and so do the live checks.
    expect(await store().tombstones.isDeleted(a, goneA[0] as string)).toBe(true)
    expect(await store().checks.findErasable(a, liveA)).not.toBeNull()

    pages = 0
    expect(await eraseConsoleOfTombstoned(counted, consoleParticipants(store()), { now })).toEqual({
      tenants: 0,
      checks: 0,
      complete: true,
    })
    expect(pages).toBe(0)
  })

  it('a run cut by maxChecks is finished by the next, which goes on after the last id done', async () => {
    const c = await tenant('tomb-c')
    const gone = [await erasedBefore(c), await erasedBefore(c), await erasedBefore(c)]
    const first = await eraseConsoleOfTombstoned(counted, consoleParticipants(store()), { now, maxChecks: 2 })
    expect(first).toEqual({ tenants: 1, checks: 2, complete: false })
    // Ids sort by their sequence: the first two went.
    expect(await Promise.all(gone.map(consoleTraces))).toEqual([0, 0, reviewed])
    expect(await store().migrationProgress.get('console.tombstones', c)).toEqual({
      done: false,
      after: gone[1],
    })

    pages = 0
    const second = await eraseConsoleOfTombstoned(counted, consoleParticipants(store()), {
      now,
      maxChecks: 2,
    })
    expect(second).toEqual({ tenants: 1, checks: 1, complete: true })
    expect(pages).toBe(1)
    expect(await Promise.all(gone.map(consoleTraces))).toEqual([0, 0, 0])
    expect(await store().migrationProgress.get('console.tombstones', c)).toEqual({
      done: true,
      after: gone[2],
    })
  })
})
