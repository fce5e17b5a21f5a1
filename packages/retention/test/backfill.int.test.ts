/** Checks stored before `created_hour` existed: not swept until the backfill gives them one, then swept. */
import { pendingRecord } from '@rv/core'
import { createS3Storage, type FileStorage } from '@rv/storage'
import { connectStore } from '@rv/store'
import { createCleanup } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import type { CommandStartedEvent, CommandSucceededEvent } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { backfillCreatedHours } from '../src/backfill-created-hours'
import { createErasure, type Erasure } from '../src/erasure'
import { createErasureRegistry } from '../src/erasure-registry'
import { storeParticipants } from '../src/store-participants'
import { sweepRetention } from '../src/sweep-retention'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-backfill')
const store = useTestStore('it-backfill', connectStore)
let storage: FileStorage
let erasure: Erasure

const day = 24 * 60 * 60 * 1000
const now = new Date('2026-06-10T12:30:00.000Z')
let sequence = 0

beforeAll(async () => {
  storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
  await storage.ensure()
  erasure = createErasure(store(), createErasureRegistry(storeParticipants(store(), storage)))
})

afterAll(() => cleanup.run())

/** A finished check; `oldShape`: as stored before `created_hour` existed. */
async function storedCheck(tenantId: string, createdAt: Date, oldShape: boolean): Promise<string> {
  const checkId = `chk_${String(++sequence).padStart(12, '0')}`
  const record = pendingRecord({
    checkId,
    tenantId,
    createdAt: createdAt.toISOString(),
    orderRef: null,
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  })
  await store().checks.insertPending(record, { check_id: checkId, tenant_id: tenantId })
  await store().checks.insertStage(checkId, 'extraction', { ok: true })
  await store().checks.writeRecord({ ...record, status: 'failed' } as typeof record)
  if (oldShape)
    await store()
      .db.collection('checks')
      .updateOne({ _id: checkId as never }, { $unset: { created_hour: '' } })
  return checkId
}

const exists = async (tenantId: string, checkId: string) =>
  (await store().checks.findErasable(tenantId, checkId)) !== undefined
const hourOf = async (checkId: string) =>
  (
    await store()
      .db.collection('checks')
      .findOne({ _id: checkId as never })
  )?.created_hour

describe('created_hour backfill', () => {
  it('old-shape checks the sweeper passed over are swept once backfilled; young ones kept', async () => {
    const tenant = await store().tenants.createTenant('legacy', new Date(now.getTime() - 30 * day))
    await store().tenants.setRetention(tenant._id, 2)
    const old = [
      await storedCheck(tenant._id, new Date(now.getTime() - 10 * day), true),
      await storedCheck(tenant._id, new Date(now.getTime() - 5 * day), true),
    ]
    const young = await storedCheck(tenant._id, new Date(now.getTime() - 1 * day), true)
    const current = await storedCheck(tenant._id, new Date(now.getTime() - 4 * day), false)

    // Before: the sweeper erases only the check that has the field, and moves its cursor past the others.
    expect((await sweepRetention(store(), erasure, { now, defaultDays: 90, maxHours: 24 * 60 })).checks).toBe(
      1,
    )
    expect(await exists(tenant._id, current)).toBe(false)
    for (const id of [...old, young]) expect(await exists(tenant._id, id)).toBe(true)

    const report = await backfillCreatedHours(store(), { now, batch: 2 })
    expect(report).toEqual({ tenants: 1, checks: 3, rewound: 1, complete: true })
    expect(await hourOf(young)).toBe(new Date(now.getTime() - day).toISOString().slice(0, 13))
    // Idempotent: the tenant is marked done and not read again.
    expect(await backfillCreatedHours(store(), { now })).toEqual({
      tenants: 0,
      checks: 0,
      rewound: 0,
      complete: true,
    })

    const swept = await sweepRetention(store(), erasure, { now, defaultDays: 90, maxHours: 24 * 60 })
    expect(swept.checks).toBe(2)
    for (const id of old) expect(await exists(tenant._id, id)).toBe(false)
    expect(await exists(tenant._id, young)).toBe(true)
  })

  it('stops at the bound and is finished by the next run; a check written meanwhile keeps its own bucket', async () => {
    const tenant = await store().tenants.createTenant('legacy-big', new Date(now.getTime() - 30 * day))
    const ids = []
    for (let i = 0; i < 3; i++)
      ids.push(await storedCheck(tenant._id, new Date(now.getTime() - (i + 3) * day), true))
    const first = await backfillCreatedHours(store(), { now, batch: 1, maxChecks: 2 })
    expect(first).toMatchObject({ checks: 2, complete: false })
    const live = await storedCheck(tenant._id, now, false)
    const second = await backfillCreatedHours(store(), { now, batch: 1, maxChecks: 2 })
    expect(second).toMatchObject({ checks: 1, complete: true })
    for (const [i, id] of ids.entries())
      expect(await hourOf(id)).toBe(new Date(now.getTime() - (i + 3) * day).toISOString().slice(0, 13))
    expect(await hourOf(live)).toBe(now.toISOString().slice(0, 13))
  })

  it("reads a tenant's old-shape checks by one query, each once, and writes pages of 60 (FerretDB's pool is 50)", async () => {
    const tenant = await store().tenants.createTenant('legacy-many', new Date(now.getTime() - 30 * day))
    const count = 150
    const created = (i: number) => new Date(now.getTime() - 3 * day - i * 60_000)
    await store()
      .db.collection('checks')
      .insertMany(
        Array.from({ length: count }, (_, i) => ({
          _id: `chk_many${String(i).padStart(8, '0')}` as never,
          tenant_id: tenant._id,
          status: 'done',
          created_at: created(i),
        })),
      )
    let finds = 0
    let read = 0
    const onStart = (e: CommandStartedEvent) => {
      if (e.commandName === 'find' && e.command.find === 'checks') finds++
    }
    const onReply = (e: CommandSucceededEvent) => {
      const cursor = (e.reply as { cursor?: { ns?: string; firstBatch?: unknown[]; nextBatch?: unknown[] } })
        .cursor
      if (cursor?.ns?.endsWith('.checks')) read += (cursor.firstBatch ?? cursor.nextBatch ?? []).length
    }
    store().db.client.on('commandStarted', onStart)
    store().db.client.on('commandSucceeded', onReply)
    try {
      // 60 updates in one command hung FerretDB v1.24 when each kept its PostgreSQL connection to the end.
      expect(await backfillCreatedHours(store(), { now, batch: 60 })).toMatchObject({
        checks: count,
        complete: true,
      })
    } finally {
      store().db.client.off('commandStarted', onStart)
      store().db.client.off('commandSucceeded', onReply)
    }
    expect(finds).toBe(1)
    expect(read).toBe(count)
    for (const i of [0, 59, 60, count - 1])
      expect(await hourOf(`chk_many${String(i).padStart(8, '0')}`)).toBe(
        created(i).toISOString().slice(0, 13),
      )
  })
})
