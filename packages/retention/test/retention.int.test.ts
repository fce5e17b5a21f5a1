import { deriveReplayKeys, pendingRecord } from '@rv/core'
import { createS3Storage, type FileStorage, sha256Hex, tenantFileKey } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createErasure, type Erasure } from '../src/erasure'
import { createErasureRegistry, type ErasureRegistry } from '../src/erasure-registry'
import { storeParticipants } from '../src/store-participants'
import { sweepRetention } from '../src/sweep-retention'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-retention')
const store = useTestStore('it-retention', connectStore)
let storage: FileStorage
let registry: ErasureRegistry
let erasure: Erasure
/** Another collection joining the erasure by registering (as the console's do: console-erasure.int.test.ts). */
const decisions = () => store().db.collection<{ _id: string; tenant_id: string }>('console_decisions')

const day = 24 * 60 * 60 * 1000
const now = new Date('2026-06-10T12:30:00.000Z')
const profile = { name: 'default', version: 1 }
let sequence = 0
/**
 * Traces of a stored check: record, slot, completion, 2 replay keys (its tenant's space and the global one;
 * each carries the check's keys, so no `replay_checks` registration since 29 Nov 2026), review, decision, file.
 */
const full = 8

beforeAll(async () => {
  storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
  await storage.ensure()
  registry = createErasureRegistry(storeParticipants(store(), storage))
  registry.register({
    name: 'console_decisions',
    eraseCheck: async ({ checkId }) => void (await decisions().deleteOne({ _id: checkId })),
    eraseTenant: async (tenantId) => void (await decisions().deleteMany({ tenant_id: tenantId })),
  })
  erasure = createErasure(store(), registry)
})

afterAll(() => cleanup.run())

/** A finished check with data everywhere a check leaves it: record, slots, completion, replay keys, file, decisions. */
async function storedCheck(tenantId: string, createdAt: Date, bytes = `%PDF-1.7 ${sequence}`) {
  const checkId = `chk_${String(++sequence).padStart(12, '0')}`
  const file = new TextEncoder().encode(bytes)
  const sha256 = sha256Hex(file)
  const key = tenantFileKey(tenantId, checkId, sha256)
  await storage.put(key, file, 'application/pdf')
  const record = pendingRecord({
    checkId,
    tenantId,
    createdAt: createdAt.toISOString(),
    orderRef: null,
    profile,
    mode: 'pdf',
  })
  await store().checks.insertPending(record, {
    check_id: checkId,
    tenant_id: tenantId,
    file: { key, sha256 },
  })
  await store().checks.insertStage(checkId, 'extraction', { ok: true })
  await store().checks.writeRecord({ ...record, status: 'failed' } as typeof record)
  const registration = { tenantId, checkId, createdAt: createdAt.toISOString() }
  await store().replay.register({
    ...registration,
    keys: deriveReplayKeys({ fileSha256: sha256, extraction: null, tenantId }),
  })
  await store().replay.register({
    ...registration,
    scope: 'global',
    keys: deriveReplayKeys({
      fileSha256: sha256,
      extraction: null,
      tenantId,
      keySecret: 's',
      scope: 'global',
    }),
  })
  await store().reviews.accept({
    _id: checkId,
    tenant_id: tenantId,
    family: 'x/y',
    bank: 'x',
    note: null,
    file: { bucket: storage.bucket, key, sha256 },
  })
  await decisions().insertOne({ _id: checkId, tenant_id: tenantId })
  return { checkId, key }
}

/** How many documents and objects still hold something of the check. */
async function traces(tenantId: string, check: { checkId: string; key: string }): Promise<number> {
  const db = store().db
  const id = check.checkId
  const counts = await Promise.all([
    db.collection('checks').countDocuments({ _id: id as never }),
    db.collection('check_stages').countDocuments({ check_id: id }),
    db.collection('check_completions').countDocuments({ _id: id as never }),
    db.collection('replay_checks').countDocuments({ check_id: id }),
    db.collection('replay_keys').countDocuments({ check_id: id }),
    db.collection('review_decisions').countDocuments({ _id: id as never }),
    decisions().countDocuments({ _id: id }),
  ])
  const object = (await storage.stat(check.key)) ? 1 : 0
  expect((await store().checks.findErasable(tenantId, id)) === undefined).toBe(counts[0] === 0)
  return counts.reduce((a, b) => a + b, 0) + object
}

describe('retention sweeper', () => {
  it("erases a tenant's checks past its retention everywhere, and nothing younger or another tenant's", async () => {
    const short = await store().tenants.createTenant('short', new Date(now.getTime() - 30 * day))
    const forever = await store().tenants.createTenant('forever', new Date(now.getTime() - 30 * day))
    await store().tenants.setRetention(short._id, 2)
    await store().tenants.setRetention(forever._id, 0)
    const old = await storedCheck(short._id, new Date(now.getTime() - 3 * day))
    const young = await storedCheck(short._id, new Date(now.getTime() - 1 * day))
    const kept = await storedCheck(forever._id, new Date(now.getTime() - 20 * day))
    expect(await traces(short._id, old)).toBe(full)

    const report = await sweepRetention(store(), erasure, { now, defaultDays: 90, maxHours: 24 * 60 })
    expect(report.checks).toBe(1)
    expect(await traces(short._id, old)).toBe(0)
    expect(await traces(short._id, young)).toBe(full)
    expect(await traces(forever._id, kept)).toBe(full)

    // The cursor moved: the next sweep reads only the hours since, and finds nothing to erase.
    const again = await sweepRetention(store(), erasure, { now, defaultDays: 90, maxHours: 24 * 60 })
    expect(again).toEqual({ tenants: 0, hours: 0, checks: 0, credits: 0 })
    // Shortening the retention reaches checks already stored.
    await store().tenants.setRetention(short._id, 1)
    const later = new Date(now.getTime() + 2 * 60 * 60 * 1000)
    expect((await sweepRetention(store(), erasure, { now: later, defaultDays: 90 })).checks).toBe(1)
    expect(await traces(short._id, young)).toBe(0)
  })
})

describe('retention of bank credits', () => {
  /** A credit line of the tenant received at `at`, unjoined (a joined one goes with its check). */
  async function credit(tenantId: string, lineId: string, at: Date) {
    await store().settlements.putCredit({
      tenant_id: tenantId,
      line_id: lineId,
      credit: {
        line_id: lineId,
        amount: 10,
        currency: 'RUB',
        credited_at: at.toISOString(),
        payer_name: 'Пётр Л.',
      },
      sbp_id: null,
      operation_number: null,
      amount_minor: 1000,
      day: at.toISOString().slice(0, 10),
      received_at: at,
    })
  }

  it("erases a tenant's credits received before its retention, keeps younger ones and a keep-forever tenant's", async () => {
    const short = await store().tenants.createTenant('credits-short', new Date(now.getTime() - 30 * day))
    const forever = await store().tenants.createTenant('credits-forever', new Date(now.getTime() - 30 * day))
    await store().tenants.setRetention(short._id, 2)
    await store().tenants.setRetention(forever._id, 0)
    await credit(short._id, 'old', new Date(now.getTime() - 3 * day))
    await credit(short._id, 'young', new Date(now.getTime() - 1 * day))
    await credit(forever._id, 'old', new Date(now.getTime() - 20 * day))
    const report = await sweepRetention(store(), erasure, { now, defaultDays: 90, maxHours: 24 * 60 })
    expect(report.credits).toBe(1)
    expect(await store().settlements.findCredit(short._id, 'old')).toBeNull()
    expect(await store().settlements.findCredit(short._id, 'young')).not.toBeNull()
    expect(await store().settlements.findCredit(forever._id, 'old')).not.toBeNull()
  })
})

describe('erasure', () => {
  it('deletes one check of the tenant, answers false for another tenant, keeps keys another check owns', async () => {
    const tenant = await store().tenants.createTenant('erase-one', now)
    const other = await store().tenants.createTenant('erase-other', now)
    const first = await storedCheck(tenant._id, now, 'same bytes')
    const second = await storedCheck(tenant._id, now, 'same bytes')
    expect(await erasure.eraseCheck(other._id, first.checkId)).toBe(false)
    expect(await traces(tenant._id, first)).toBeGreaterThan(0)
    // The second check registered after the first: it owns no key of its own (the first holds them).
    expect(await erasure.eraseCheck(tenant._id, second.checkId)).toBe(true)
    expect(await traces(tenant._id, second)).toBe(0)
    expect(await traces(tenant._id, first)).toBe(full)
    expect(await erasure.eraseCheck(tenant._id, first.checkId)).toBe(true)
    expect(await traces(tenant._id, first)).toBe(0)
    expect(await erasure.eraseCheck(tenant._id, first.checkId)).toBe(false)
  })

  it('deletes a tenant: its checks, files, keys, profiles and itself; another tenant untouched', async () => {
    const tenant = await store().tenants.createTenant('erase-all', now)
    const neighbour = await store().tenants.createTenant('neighbour', now)
    const { key } = await store().tenants.createKey(tenant._id)
    await store().profiles.save(tenant._id, 'strict', {})
    const checks = [await storedCheck(tenant._id, now), await storedCheck(tenant._id, now)]
    const theirs = await storedCheck(neighbour._id, now)
    expect(await erasure.eraseTenant(tenant._id, 1)).toEqual({ checks: 2 })
    for (const check of checks) expect(await traces(tenant._id, check)).toBe(0)
    expect(await store().tenants.findTenant(tenant._id)).toBeUndefined()
    expect(await store().tenants.authenticate(key)).toBeUndefined()
    expect(await store().profiles.list(tenant._id)).not.toContainEqual(
      expect.objectContaining({ name: 'strict' }),
    )
    expect(await traces(neighbour._id, theirs)).toBe(full)
  })
})
