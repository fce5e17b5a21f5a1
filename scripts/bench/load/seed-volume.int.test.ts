/**
 * The two ways the bench seeds volume write the same documents: through the store (insertMany) and cloned
 * inside FerretDB's PostgreSQL (postgres-clone.ts). Each seeds the same template check and the same credits
 * into its own fresh database of the real stack; what the store then reads back — ids and digests aside,
 * which are new per clone, and a check's nested values, which the PostgreSQL path leaves as the template's —
 * is equal, dates are still dates, and the store's indexed lookups find the clones.
 * Skipped where the stack's MongoDB is not the native FerretDB on PostgreSQL (a Docker MongoDB).
 */
import { connectStore, type Store } from '@rv/store'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, inject, it } from 'vitest'
import { seedStoredChecks } from './seed-checks'
import { seedVolumeCredits } from './seed-credits'

const stack = inject('stack')
const viaStore = useTestStore('it-seed-store', connectStore)
const viaPostgres = useTestStore('it-seed-pg', connectStore)
const tenants = ['ten_seed_a', 'ten_seed_b']
const checkId = '01JSEEDTEMPLATE0000000000A'
const digest = 'ab'.repeat(32)
const at = new Date('2026-11-29T10:00:00.000Z')

/** One finished check's documents, written as the pipeline's collections hold them. */
async function writeTemplate(store: Store): Promise<void> {
  const db = store.db
  await db.collection('checks').insertOne({
    _id: checkId as never,
    tenant_id: tenants[0],
    status: 'done',
    created_at: at,
    updated_at: new Date(at.getTime() + 850),
    created_hour: '2026-11-29T10',
    record: {
      id: checkId,
      amount: 1500.5,
      reasons: ['amount_matches'],
      fields: [{ name: 'payer', v: "O'Neil" }],
    },
  })
  await db.collection('check_completions').insertOne({ _id: checkId as never, tenant_id: tenants[0], at })
  for (const stage of ['extraction', 'authenticity'])
    await db.collection('check_stages').insertOne({
      _id: `${checkId}:${stage}` as never,
      check_id: checkId,
      stage,
      at: new Date(at.getTime() + 300),
    })
  await db.collection('replay_keys').insertOne({
    _id: `ten_seed_a:file:${digest}` as never,
    check_id: checkId,
    tenant_id: tenants[0],
    digest,
    created_at: at,
    // Every key of the check (the registry's layout since 29 Nov 2026); nested, so the clone keeps the template's.
    keys: { file_sha256: digest },
  })
}

/** Every document of the seeded collections, each clone's id and digest replaced by markers, sorted. */
async function normalised(store: Store): Promise<Record<string, string[]>> {
  const checks = await store.db.collection('checks').find({}).toArray()
  const ids = checks.map((c) => String(c._id))
  const digests = (await store.db.collection('replay_keys').find({}).toArray()).map((k) => String(k.digest))
  const out: Record<string, string[]> = {}
  for (const name of ['checks', 'check_completions', 'check_stages', 'replay_keys', 'credits']) {
    const docs = await store.db.collection(name).find({}).toArray()
    out[name] = docs
      .map((doc) => {
        // A check's documents are compared on their top-level values (what the PostgreSQL path rewrites).
        const compared =
          name === 'credits'
            ? doc
            : Object.fromEntries(
                Object.entries(doc).filter(
                  ([, v]) => v === null || v instanceof Date || typeof v !== 'object',
                ),
              )
        let text = JSON.stringify(compared, (key, value) => (key === 'received_at' ? 'NOW' : value))
        for (const id of ids) text = text.split(id).join('ID')
        for (const d of digests) text = text.split(d).join('DIGEST')
        return text
      })
      .sort()
  }
  return out
}

describe.skipIf(!stack.postgres)('bench seeding through FerretDB’s PostgreSQL', () => {
  it('writes what insertMany writes: the same documents, dates as dates, found by the store’s indexes', async () => {
    const postgres = stack.postgres as NonNullable<typeof stack.postgres>
    for (const store of [viaStore(), viaPostgres()]) await writeTemplate(store)
    const template = { checkId, tenantId: tenants[0] as string }
    const a = await seedStoredChecks(viaStore(), template, 5, tenants)
    const b = await seedStoredChecks(viaPostgres(), template, 5, tenants, undefined, postgres)
    expect([a.via, b.via]).toEqual(['insertMany', 'postgres'])
    expect(b.documents).toBe(a.documents)
    expect(b.perCheck).toEqual(a.perCheck)
    await seedVolumeCredits(viaStore(), 7, tenants, undefined, undefined, at.getTime())
    await seedVolumeCredits(viaPostgres(), 7, tenants, undefined, postgres, at.getTime())

    const [left, right] = [await normalised(viaStore()), await normalised(viaPostgres())]
    expect(right.checks).toHaveLength(6)
    expect(right.check_stages).toHaveLength(12)
    expect(right.credits).toHaveLength(7)
    for (const name of Object.keys(left)) expect(right[name], name).toEqual(left[name])

    const clones = await viaPostgres()
      .db.collection('checks')
      .find({ _id: { $ne: checkId as never } })
      .toArray()
    const clone = clones[0] as unknown as { _id: string; created_at: Date; tenant_id: string }
    expect(clone.created_at).toBeInstanceOf(Date)
    expect(clone.created_at.getTime()).toBeLessThan(at.getTime())
    // Found by id and by the tenant's hour bucket (indexed), through the store's own connection.
    expect(
      await viaPostgres()
        .db.collection('checks')
        .countDocuments({ _id: clone._id as never }),
    ).toBe(1)
    const credit = await viaPostgres().db.collection('credits').findOne({ line_id: 'vol-000000003' })
    expect(credit).toMatchObject({ tenant_id: tenants[1], credit: { line_id: 'vol-000000003' } })
    expect(
      await viaPostgres().db.collection('credits').countDocuments({
        tenant_id: credit?.tenant_id,
        amount_minor: credit?.amount_minor,
        day: credit?.day,
      }),
    ).toBe(1)
  })
})
