import { readProcessEnv } from '@rv/config'
import { pendingRecord } from '@rv/core'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { stageSlots } from '../src/check-repository'
import { connectStore, type Store } from '../src/connect-store'
import { judgeQueryPlan } from '../src/query-plan'
import { findWith, hotPathQueries } from '../src/store-queries'
import { refreshStatistics, seedCheckId, seedTenant, seedVolume } from './seed-volume'

// The store at volume: RV_STORE_VOLUME_CHECKS finished checks (default below) seeded in bulk, then every
// hot-path query must still be answered from an index and a new check's whole write path must work among
// them. No timing is asserted: `npm run bench:store` prints the latencies (docs/store.md has figures).
// The default keeps CI's time sane on two shared cores (seeding measured in docs/store.md); run it with
// RV_STORE_VOLUME_CHECKS=100000 for the volume.
const checks = Number(readProcessEnv().RV_STORE_VOLUME_CHECKS ?? 20_000)
const tenants = 10
const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-volume')
const now = new Date('2026-03-11T12:00:00.000Z')
let store: Store
let seedSeconds = 0

beforeAll(
  async () => {
    store = await connectStore({ url: stack.mongoUrl, database: cleanup.database() })
    await store.ensureIndexes()
    const started = performance.now()
    await seedVolume(store.db, { checks, now, tenants })
    seedSeconds = (performance.now() - started) / 1000
    await refreshStatistics(store.db)
  },
  // Seeding runs at a few hundred checks per second on a loaded two-core machine.
  Math.max(300_000, checks * 20),
)

afterAll(async () => {
  await store.close()
  await cleanup.run()
})

describe(`the store with ${checks} checks stored`, () => {
  it('holds them all', async () => {
    process.stdout.write(`seeded ${checks} checks in ${seedSeconds.toFixed(1)} s\n`)
    expect(await store.db.collection('checks').estimatedDocumentCount()).toBeGreaterThanOrEqual(checks)
  })

  const sample = { checkId: seedCheckId(checks - 7), tenantId: seedTenant((checks - 7) % tenants), now }
  it.each(Object.entries(hotPathQueries(sample)))(
    '%s: still answered from an index',
    async (_name, query) => {
      const verdict = judgeQueryPlan(await findWith(store.db.collection(query.collection), query).explain())
      expect(verdict, JSON.stringify(verdict)).toMatchObject({ indexed: true })
    },
  )

  it('serves GET of a stored check and carries a new one through every write', async () => {
    expect((await store.checks.findRecord(sample.tenantId, sample.checkId))?.status).toBe('done')
    expect(await store.checks.findRecord(seedTenant(99), sample.checkId)).toBeUndefined()

    const record = pendingRecord({
      checkId: 'chk_volume_new',
      tenantId: sample.tenantId,
      createdAt: now.toISOString(),
      orderRef: null,
      profile: { name: 'default', version: 1 },
      mode: 'pdf',
    })
    await store.checks.insertPending(record, { check_id: record.id })
    await store.checks.markPublished(record.id)
    for (const slot of stageSlots) await store.checks.saveStage(record.id, record.tenant_id, slot, { slot })
    const doc = await store.checks.findDocument(record.id)
    expect(Object.keys(doc?.stages ?? {}).sort()).toEqual([...stageSlots].sort())
    expect(await store.checks.writeRecord({ ...record, status: 'done' })).toBe(true)
    expect((await store.checks.findRecord(record.tenant_id, record.id))?.status).toBe('done')
    // The sweeper sees the new check's unpublished completion, and none of the stored finished ones.
    const unsent = await store.checks.findCompletedUnpublished(new Date('2100-01-01'), 10_000)
    expect(unsent.map((d) => d._id)).toContain(record.id)
    expect(unsent.filter((d) => d._id.startsWith('chk_seed'))).toEqual([])
  })
})
