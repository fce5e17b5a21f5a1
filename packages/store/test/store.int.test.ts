import { pendingRecord } from '@rv/core'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import { createModelBudgetRepository } from '../src/model-budget-repository'

const store = useTestStore('it-store', connectStore)

const profile = { name: 'default', version: 1 }

function pending(checkId: string, tenantId = 'ten_a', createdAt = '2026-03-11T07:12:00.000Z') {
  return pendingRecord({ checkId, tenantId, createdAt, orderRef: null, profile, mode: 'pdf' })
}

describe('tenants and API keys', () => {
  it('authenticates a live key, refuses wrong and revoked ones', async () => {
    const tenant = await store().tenants.createTenant('acme')
    const { key, prefix } = await store().tenants.createKey(tenant._id)
    expect((await store().tenants.authenticate(key))?._id).toBe(tenant._id)
    // Change the last character (a random key may already end in any given one).
    const wrong = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`
    expect(await store().tenants.authenticate(wrong)).toBeUndefined()
    expect(await store().tenants.authenticate('rvk_live_unknown')).toBeUndefined()
    const stored = await store()
      .db.collection('api_keys')
      .findOne({ _id: prefix as never })
    expect(JSON.stringify(stored)).not.toContain(key)
    expect(await store().tenants.revokeKey(prefix)).toBe(true)
    expect(await store().tenants.authenticate(key)).toBeUndefined()
    expect(await store().tenants.revokeKey(prefix)).toBe(false)
  })

  it("keeps each key's scopes, gives a key issued before scopes every scope, and lists keys without secrets", async () => {
    const tenant = await store().tenants.createTenant('scoped')
    const reader = await store().tenants.createKey(tenant._id, ['checks:read'])
    expect(reader.scopes).toEqual(['checks:read'])
    expect((await store().tenants.authenticate(reader.key))?.scopes).toEqual(['checks:read'])
    // A key as stored before scopes existed: no `scopes` field.
    const legacy = await store().tenants.createKey(tenant._id)
    await store()
      .db.collection('api_keys')
      .updateOne({ _id: legacy.prefix as never }, { $unset: { scopes: '' } })
    expect((await store().tenants.authenticate(legacy.key))?.scopes).toEqual([
      'checks:write',
      'checks:read',
      'credits:write',
      'erase',
    ])
    await expect(store().tenants.createKey(tenant._id, [])).rejects.toThrow(/at least one scope/)
    await store().tenants.revokeKey(legacy.prefix)
    const listed = await store().tenants.listKeys(tenant._id)
    expect(listed.map((k) => [k.prefix, k.scopes.length, k.revoked_at !== null])).toEqual([
      [reader.prefix, 1, false],
      [legacy.prefix, 4, true],
    ])
    const text = JSON.stringify(listed)
    expect(text).not.toContain(reader.key)
    expect(text).not.toContain('hash')
  })
})

describe('idempotency', () => {
  it('claims once, replays the same request, refuses a different one, per tenant', async () => {
    const claim = (tenantId: string, fingerprint: string, checkId: string) =>
      store().idempotency.claim({ tenantId, key: 'order-42', fingerprint, checkId })
    expect(await claim('ten_a', 'fp1', 'chk_1')).toEqual({ outcome: 'claimed' })
    expect(await claim('ten_a', 'fp1', 'chk_2')).toEqual({ outcome: 'replayed', checkId: 'chk_1' })
    expect(await claim('ten_a', 'fp2', 'chk_3')).toEqual({ outcome: 'conflict', checkId: 'chk_1' })
    expect(await claim('ten_b', 'fp2', 'chk_4')).toEqual({ outcome: 'claimed' })
  })

  it('lets exactly one of many concurrent claims win', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store().idempotency.claim({ tenantId: 'ten_c', key: 'race', fingerprint: 'fp', checkId: `chk_${i}` }),
      ),
    )
    expect(results.filter((r) => r.outcome === 'claimed')).toHaveLength(1)
    const winners = new Set(results.map((r) => (r.outcome === 'claimed' ? 'self' : r.checkId)))
    expect(winners.size).toBe(2)
  })

  it('releases a key so a retry can claim it', async () => {
    await store().idempotency.claim({ tenantId: 'ten_d', key: 'k', fingerprint: 'fp', checkId: 'chk_x' })
    await store().idempotency.release('ten_d', 'k', 'chk_x')
    const again = await store().idempotency.claim({
      tenantId: 'ten_d',
      key: 'k',
      fingerprint: 'fp2',
      checkId: 'chk_y',
    })
    expect(again).toEqual({ outcome: 'claimed' })
  })
})

describe('idempotency retention', () => {
  const hour = 60 * 60 * 1000
  const t0 = new Date('2026-03-11T00:00:00.000Z')
  const at = (hours: number) => new Date(t0.getTime() + hours * hour)

  it('treats a record older than the retention as absent and lets the key be claimed afresh', async () => {
    const claim = (fingerprint: string, checkId: string, now: Date) =>
      store().idempotency.claim({ tenantId: 'ten_ret', key: 'k-24h', fingerprint, checkId, now })
    expect(await claim('fp1', 'chk_old', t0)).toEqual({ outcome: 'claimed' })
    expect(await claim('fp1', 'chk_x', at(23.99))).toEqual({ outcome: 'replayed', checkId: 'chk_old' })
    expect(await claim('fp2', 'chk_x', at(23.99))).toEqual({ outcome: 'conflict', checkId: 'chk_old' })
    // 24 h later the key is free: even another request claims it, and then owns it.
    expect(await claim('fp2', 'chk_new', at(24))).toEqual({ outcome: 'claimed' })
    expect(await claim('fp2', 'chk_y', at(25))).toEqual({ outcome: 'replayed', checkId: 'chk_new' })
    expect(await claim('fp1', 'chk_y', at(25))).toEqual({ outcome: 'conflict', checkId: 'chk_new' })
  })

  it('of concurrent reuses of an expired key exactly one claims it', async () => {
    await store().idempotency.claim({
      tenantId: 'ten_ret',
      key: 'k-race',
      fingerprint: 'fp',
      checkId: 'chk_0',
      now: t0,
    })
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store().idempotency.claim({
          tenantId: 'ten_ret',
          key: 'k-race',
          fingerprint: 'fp',
          checkId: `chk_r${i}`,
          now: at(30),
        }),
      ),
    )
    expect(results.filter((r) => r.outcome === 'claimed')).toHaveLength(1)
    const winner = results.findIndex((r) => r.outcome === 'claimed')
    for (const r of results.filter((x) => x.outcome !== 'claimed'))
      expect(r).toEqual({ outcome: 'replayed', checkId: `chk_r${winner}` })
  })

  it('purges expired records in batches and keeps live ones', async () => {
    const tenantId = 'ten_purge'
    for (let i = 0; i < 7; i++)
      await store().idempotency.claim({
        tenantId,
        key: `old-${i}`,
        fingerprint: 'fp',
        checkId: `chk_o${i}`,
        now: t0,
      })
    await store().idempotency.claim({
      tenantId,
      key: 'live',
      fingerprint: 'fp',
      checkId: 'chk_live',
      now: at(20),
    })
    const count = () => store().db.collection('idempotency').countDocuments({ tenant_id: tenantId })
    expect(await count()).toBe(8)
    expect(await store().idempotency.purgeExpired(at(23), 3)).toBe(0)
    // Expired at at(24), purged once their minute is wholly past retention (a minute later at most).
    // Other tests' records (older clocks) may expire too: at least this tenant's seven go.
    expect(await store().idempotency.purgeExpired(at(24 + 1 / 60), 3)).toBeGreaterThanOrEqual(7)
    expect(await count()).toBe(1)
    expect(
      await store().idempotency.claim({
        tenantId,
        key: 'live',
        fingerprint: 'fp',
        checkId: 'chk_z',
        now: at(25),
      }),
    ).toEqual({ outcome: 'replayed', checkId: 'chk_live' })
  })
})

describe('replay registry', () => {
  it('makes registration atomic: of concurrent identical submissions exactly one is first', async () => {
    const keys = { file_sha256: 'f'.repeat(64), semantic: 's'.repeat(64) }
    // Later ids carry earlier timestamps: the original is the unique-insert winner, not the oldest clock.
    const at = (i: number) => `2026-03-11T07:12:${String(59 - i).padStart(2, '0')}.000Z`
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store().replay.register({ tenantId: 'ten_r', checkId: `chk_r${i}`, createdAt: at(i), keys }),
      ),
    )
    const owners = results.flatMap((earlier, i) => (earlier.length === 0 ? [i] : []))
    expect(owners).toHaveLength(1)
    const owner = owners[0] ?? -1
    for (const [i, earlier] of results.entries()) {
      if (i === owner) continue
      expect(earlier).toEqual([{ checkId: `chk_r${owner}`, createdAt: at(owner), keys }])
    }
  })

  it('returns the earlier check with all its keys, ignores itself on redelivery and other tenants', async () => {
    const first = { file_sha256: 'a'.repeat(64), operation_id: 'o'.repeat(64), semantic: '1'.repeat(64) }
    const edited = { file_sha256: 'b'.repeat(64), operation_id: 'o'.repeat(64), semantic: '2'.repeat(64) }
    const at = '2026-03-11T07:00:00.000Z'
    const register = (tenantId: string, checkId: string, keys: typeof first) =>
      store().replay.register({ tenantId, checkId, createdAt: at, keys })
    expect(await register('ten_s', 'chk_s1', first)).toEqual([])
    expect(await register('ten_s', 'chk_s1', first)).toEqual([])
    expect(await register('ten_s', 'chk_s2', edited)).toEqual([
      { checkId: 'chk_s1', createdAt: at, keys: first },
    ])
    // The keys go in one ordered insert: the one before the collision is claimed, none after it.
    const holderOf = async (id: string) =>
      (
        await store()
          .db.collection('replay_keys')
          .findOne({ _id: id as never })
      )?.check_id
    expect(await holderOf(`ten_s:file_sha256:${edited.file_sha256}`)).toBe('chk_s2')
    expect(await holderOf(`ten_s:operation_id:${edited.operation_id}`)).toBe('chk_s1')
    expect(await holderOf(`ten_s:semantic:${edited.semantic}`)).toBeUndefined()
    expect(await register('ten_s', 'chk_s2', edited)).toEqual([
      { checkId: 'chk_s1', createdAt: at, keys: first },
    ])
    expect(await register('ten_t', 'chk_t1', first)).toEqual([])
  })
})

describe('checks', () => {
  it('scopes reads by tenant and keeps the outbox flag', async () => {
    const record = pending('chk_01AAAAAAAAAAAAAAAAAAAAAAAA')
    await store().checks.insertPending(record, { check_id: record.id })
    await store().checks.insertPending({ ...record, status: 'done' }, {})
    expect(await store().checks.findRecord('ten_a', record.id)).toEqual(record)
    expect(await store().checks.findRecord('ten_other', record.id)).toBeUndefined()
    const later = new Date('2030-01-01')
    expect((await store().checks.findUnpublished(later)).map((d) => d._id)).toContain(record.id)
    await store().checks.markPublished(record.id)
    expect((await store().checks.findUnpublished(later)).map((d) => d._id)).not.toContain(record.id)
  })

  it('accumulates stage slots and writes a terminal record only once', async () => {
    const record = pending('chk_01BBBBBBBBBBBBBBBBBBBBBBBB')
    await store().checks.insertPending(record, {})
    await store().checks.saveStage(record.id, 'ten_a', 'matching', { type: 'matched' })
    const doc = await store().checks.saveStage(record.id, 'ten_a', 'replay', { type: 'replay_checked' })
    expect(Object.keys(doc.stages).sort()).toEqual(['matching', 'replay'])
    const done = { ...record, status: 'done' as const, recommendation: 'accept' as const }
    const writes = await Promise.all([store().checks.writeRecord(done), store().checks.writeRecord(done)])
    expect(writes.filter(Boolean)).toHaveLength(1)
    expect(await store().checks.writeRecord({ ...done, status: 'failed' })).toBe(false)
    expect((await store().checks.findRecord('ten_a', record.id))?.status).toBe('done')
    const unsent = await store().checks.findCompletedUnpublished(new Date('2030-01-01'))
    expect(unsent.map((d) => d._id)).toContain(record.id)
  })

  it('keeps every slot when the four stages report at the same moment', async () => {
    const record = pending('chk_01DDDDDDDDDDDDDDDDDDDDDDDD')
    await store().checks.insertPending(record, {})
    const slots = ['extraction', 'authenticity', 'matching', 'replay'] as const
    await Promise.all([
      ...slots.map((slot) => store().checks.saveStage(record.id, 'ten_a', slot, { slot })),
      store().checks.writeRecord({ ...record, status: 'processing' }),
      store().checks.markPublished(record.id),
    ])
    const doc = await store().checks.findDocument(record.id)
    expect(doc?.stages).toEqual({
      extraction: { slot: 'extraction' },
      authenticity: { slot: 'authenticity' },
      matching: { slot: 'matching' },
      replay: { slot: 'replay' },
    })
  })

  it('serves the claimed terminal record even if a stale progress write lands on the check afterwards', async () => {
    const record = pending('chk_01EEEEEEEEEEEEEEEEEEEEEEEE')
    await store().checks.insertPending(record, {})
    const failed = { ...record, status: 'failed' as const, recommendation: 'review' as const }
    expect(await store().checks.writeRecord(failed)).toBe(true)
    // What a lost update looks like on FerretDB: the progress record replaces the terminal one.
    await store()
      .db.collection('checks')
      .updateOne(
        { _id: record.id as never },
        { $set: { status: 'processing', record: { ...record, status: 'processing' } } },
      )
    expect((await store().checks.findRecord('ten_a', record.id))?.status).toBe('failed')
    expect(await store().checks.writeRecord({ ...record, status: 'processing' })).toBe(false)
    expect(await store().checks.writeRecord(failed)).toBe(false)
    expect((await store().checks.findDocument(record.id))?.status).toBe('failed')
  })

  it('keeps the first value of a slot and the submission extraction carried', async () => {
    const id = 'chk_01FFFFFFFFFFFFFFFFFFFFFFFF'
    const submission = { check_id: id, tenant_id: 'ten_a' }
    expect(await store().checks.insertStage(id, 'extraction', { v: 1 }, submission)).toBe(true)
    expect(await store().checks.insertStage(id, 'extraction', { v: 2 })).toBe(false)
    expect(await store().checks.insertStage(id, 'matching', { v: 3 })).toBe(true)
    expect(await store().checks.findStages(id)).toEqual({
      stages: { extraction: { v: 1 }, matching: { v: 3 } },
      submission,
    })
    expect(await store().checks.findStages('chk_01GGGGGGGGGGGGGGGGGGGGGGGG')).toEqual({ stages: {} })
  })

  it('claims a terminal record once and puts it on the check with its outbox flag', async () => {
    const record = pending('chk_01HHHHHHHHHHHHHHHHHHHHHHHH')
    await store().checks.insertPending(record, {})
    expect(await store().checks.recordProgress({ ...record, status: 'processing' })).toBe(true)
    expect(await store().checks.recordProgress({ ...record, status: 'processing' })).toBe(false)
    const done = { ...record, status: 'done' as const, recommendation: 'accept' as const }
    const claims = await Promise.all([
      store().checks.claimCompletion(done),
      store().checks.claimCompletion(done),
    ])
    expect(claims.filter(Boolean)).toHaveLength(1)
    // GET serves the claimed record (the completion document) whatever the check document says.
    expect((await store().checks.findRecord('ten_a', record.id))?.status).toBe('done')
    await store().checks.finishCompleted(done, true)
    const doc = await store().checks.findDocument(record.id)
    expect(doc).toMatchObject({ status: 'done', completed_published: true })
    expect(await store().checks.recordProgress({ ...record, status: 'processing' })).toBe(false)
    const unsent = await store().checks.findCompletedUnpublished(new Date('2030-01-01'))
    expect(unsent.map((d) => d._id)).not.toContain(record.id)
  })

  it('finds running checks past a deadline', async () => {
    const old = pending('chk_01CCCCCCCCCCCCCCCCCCCCCCCC', 'ten_a', '2020-01-01T00:00:00.000Z')
    await store().checks.insertPending(old, {})
    const stuck = await store().checks.findStuck(new Date('2021-01-01T00:00:00Z'))
    expect(stuck.map((d) => d._id)).toEqual([old.id])
  })
})

describe('model budget counter', () => {
  it('counts tokens and picodollars per tenant and UTC day, losing no increment under concurrent calls', async () => {
    const day = '2026-02-11'
    // Two extraction processes (writers), each with concurrent calls.
    const other = createModelBudgetRepository(store().db)
    expect(await store().modelBudget.spent('ten_a', day)).toEqual({ tokens: 0, picoUsd: 0 })
    const call = { tokens: 1801, picoUsd: 525_300_000 }
    await Promise.all([
      ...Array.from({ length: 10 }, () => store().modelBudget.add('ten_a', day, call)),
      ...Array.from({ length: 5 }, () => other.add('ten_a', day, call)),
    ])
    expect(await store().modelBudget.spent('ten_a', day)).toEqual({ tokens: 27_015, picoUsd: 7_879_500_000 })
    expect(await store().modelBudget.spent('ten_b', day)).toEqual({ tokens: 0, picoUsd: 0 })
    expect(await store().modelBudget.spent('ten_a', '2026-02-12')).toEqual({ tokens: 0, picoUsd: 0 })
  })
})
