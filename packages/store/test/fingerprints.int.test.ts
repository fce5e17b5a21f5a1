import { type Fingerprint, fingerprints } from '@rv/core'
import { createCleanup } from '@rv/testing'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFingerprintRepository, type FingerprintRepository } from '../src/fingerprint-repository'
import { createGeneratorSightings, type GeneratorSightings } from '../src/generator-sightings'
import { createReviewRepository, type ReviewRepository } from '../src/review-repository'
import { createVersionApprovalRepository } from '../src/version-approval-repository'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-fingerprints')
let client: MongoClient
let repo: FingerprintRepository
let reviews: ReviewRepository
let sightings: GeneratorSightings

beforeAll(async () => {
  client = new MongoClient(stack.mongoUrl, { serverSelectionTimeoutMS: 5000 })
  await client.connect()
  const db = client.db(cleanup.database())
  repo = createFingerprintRepository(db)
  reviews = createReviewRepository(db)
  sightings = createGeneratorSightings(db)
  await repo.ensureIndexes()
  await reviews.ensureIndexes()
})

afterAll(async () => {
  await client.close()
  await cleanup.run()
})

/** A learned-looking fingerprint of `family`; `samples` makes the content differ. */
const learned = (family: string, samples: number): Fingerprint => ({
  ...fingerprints['vtb']!,
  family,
  source: 'learned',
  samples,
})
const provenance = { folder: 12, accepted: 0 }

describe('fingerprint repository', () => {
  it('given nothing stored, then no family has an active stored version (the builtin judges)', async () => {
    expect(await repo.activeAll()).toEqual({})
    expect(await repo.activeVersion('fam-a')).toBeUndefined()
    await expect(repo.rollback('fam-a')).rejects.toThrow(/builtin/)
  })

  it('mints v1, v2 … immutably; equal content mints nothing; older versions stay readable unchanged', async () => {
    const one = await repo.save('fam-b', learned('fam-b', 12), provenance)
    expect(one.created).toBe(true)
    expect(one.document.version).toBe(1)
    expect(one.document.fingerprint.version).toBe('v1')
    expect((await repo.save('fam-b', learned('fam-b', 12), provenance)).created).toBe(false)
    const two = await repo.save('fam-b', learned('fam-b', 20), { folder: 0, accepted: 20 })
    expect(two.document.version).toBe(2)
    const v1 = await repo.find('fam-b', 1)
    expect(v1?.fingerprint).toEqual({ ...learned('fam-b', 12), version: 'v1' })
    expect((await repo.list('fam-b')).map((v) => [v.version, v.samples, v.active])).toEqual([
      [1, 12, false],
      [2, 20, false],
    ])
    await expect(repo.save('fam-b', learned('other', 3), provenance)).rejects.toThrow(/saved as/)
  })

  it('given concurrent learners, then each gets its own version and none is lost', async () => {
    const saved = await Promise.all(
      [30, 31, 32].map((n) => repo.save('fam-c', learned('fam-c', n), provenance)),
    )
    const versions = saved.map((s) => s.document.version).sort()
    expect(new Set(versions).size).toBe(3)
    expect((await repo.list('fam-c')).map((v) => v.samples).sort()).toEqual([30, 31, 32])
  })

  it('activates a stored version, rolls back to the previous one and then to the builtin', async () => {
    await repo.save('fam-d', learned('fam-d', 12), provenance)
    await repo.save('fam-d', learned('fam-d', 13), provenance)
    await expect(repo.activate('fam-d', 9)).rejects.toThrow(/no fingerprint fam-d v9/)
    await repo.activate('fam-d', 1)
    await repo.activate('fam-d', 2)
    expect((await repo.activeAll())['fam-d']?.version).toBe('v2')
    expect((await repo.list('fam-d')).filter((v) => v.active).map((v) => v.version)).toEqual([2])
    expect(await repo.rollback('fam-d')).toBe(1)
    expect((await repo.activeAll())['fam-d']).toEqual({ ...learned('fam-d', 12), version: 'v1' })
    expect(await repo.rollback('fam-d')).toBeUndefined()
    expect((await repo.activeAll())['fam-d']).toBeUndefined()
  })
})

describe('review decisions', () => {
  const file = { bucket: 'b', key: 'k', sha256: 'a'.repeat(64) }
  it('records a decision once and lists a bank’s accepted checks since a time', async () => {
    const t0 = new Date('2026-01-01T00:00:00Z')
    const t1 = new Date('2026-02-01T00:00:00Z')
    const first = await reviews.accept(
      { _id: 'chk_1', tenant_id: 't', family: 'vtb/x', bank: 'vtb', note: 'called the payer', file },
      t0,
    )
    expect(first.created).toBe(true)
    const again = await reviews.accept(
      { _id: 'chk_1', tenant_id: 't', family: 'vtb/x', bank: 'vtb', note: 'other', file },
      t1,
    )
    expect(again).toMatchObject({ created: false, decision: { note: 'called the payer' } })
    await reviews.accept({ _id: 'chk_2', tenant_id: 't', family: 'vtb/y', bank: 'vtb', note: null, file }, t1)
    await reviews.accept(
      { _id: 'chk_3', tenant_id: 't', family: 'alfa/y', bank: 'alfa', note: null, file },
      t1,
    )
    await reviews.accept({ _id: 'chk_4', tenant_id: 'u', family: 'vtb/y', bank: 'vtb', note: null, file }, t1)
    expect((await reviews.acceptedSince('vtb', ['t'])).map((d) => d._id)).toEqual(['chk_1', 'chk_2'])
    expect(
      (await reviews.acceptedSince('vtb', ['t'], new Date('2026-01-15T00:00:00Z'))).map((d) => d._id),
    ).toEqual(['chk_2'])
    // Only the tenants the operator lists teach; none listed, none read.
    expect((await reviews.acceptedSince('vtb', ['t', 'u'])).map((d) => d._id)).toEqual([
      'chk_1',
      'chk_2',
      'chk_4',
    ])
    expect((await reviews.acceptedSince('vtb', ['u'])).map((d) => d._id)).toEqual(['chk_4'])
    expect(await reviews.acceptedSince('vtb', [])).toEqual([])
  })
})

describe('generator sightings', () => {
  const hour = 3_600_000
  const at = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * hour)
  const sighting = (tenantId: string, payer: string | null, h: number, signature = 'producer=New 2.0') => ({
    family: 'vtb',
    signature,
    tenantId,
    payer,
    at: at(h),
  })

  it('counts distinct payers and tenants once each per window, per signature', async () => {
    const day = 24 * hour
    expect(await sightings.record(sighting('t1', 'Ann', 1), day)).toEqual({ payers: 1, tenants: 1 })
    // The same payer again (other spelling of case and spacing) counts once.
    expect(await sightings.record(sighting('t1', ' ann ', 2), day)).toEqual({ payers: 1, tenants: 1 })
    expect(await sightings.record(sighting('t1', 'Bob', 3), day)).toEqual({ payers: 2, tenants: 1 })
    // The same name at another merchant is another payer and another tenant.
    expect(await sightings.record(sighting('t2', 'Bob', 4), day)).toEqual({ payers: 3, tenants: 2 })
    expect(await sightings.record(sighting('t2', null, 5), day)).toEqual({ payers: 4, tenants: 2 })
    // Another signature has its own counts.
    expect(await sightings.record(sighting('t1', 'Ann', 6, 'producer=Other'), day)).toEqual({
      payers: 1,
      tenants: 1,
    })
    // The next window starts from the previous one's counts, never from zero, and never adds them up.
    expect(await sightings.record(sighting('t3', 'Cid', 25), day)).toEqual({ payers: 4, tenants: 2 })
    // Two windows later the old evidence is gone.
    expect(await sightings.record(sighting('t3', 'Cid', 73), day)).toEqual({ payers: 1, tenants: 1 })
  })
})

describe('version approvals', () => {
  it("counts the operator's approval only, which takes the place of a lead's from before", async () => {
    const db = client.db(cleanup.database())
    const approvals = createVersionApprovalRepository(db)
    // A lead's approval as stored before operators approved (no `role`), under the id its version has.
    const legacy = { family: 'alfa', version: 'Legacy 1.0', approved_by: 'lead@shop.test', note: null }
    await approvals.approve({ ...legacy, tenant_id: 'ten_shop' })
    await db
      .collection('fingerprint_approvals')
      .updateOne({ version: 'Legacy 1.0' }, { $unset: { role: '' } })
    expect(await approvals.approvedAmong('alfa', ['Legacy 1.0', 'Producer 2.0'])).toEqual([])
    // The operator's approval of the same version takes the lead's place.
    expect(await approvals.approve({ ...legacy, approved_by: 'ops' })).toBe(true)
    expect(await approvals.approvedAmong('alfa', ['Legacy 1.0'])).toEqual([
      { version: 'Legacy 1.0', approved_by: 'ops' },
    ])
    expect(
      await approvals.approve({ family: 'alfa', version: 'Producer 2.0', approved_by: 'ops', note: null }),
    ).toBe(true)
    expect(
      await approvals.approve({ family: 'alfa', version: 'Producer 2.0', approved_by: 'other', note: null }),
    ).toBe(false)
    expect(await approvals.approvedAmong('alfa', ['Producer 2.0'])).toEqual([
      { version: 'Producer 2.0', approved_by: 'ops' },
    ])
    expect(await approvals.approvedAmong('vtb', ['Producer 2.0'])).toEqual([])
  })
})
