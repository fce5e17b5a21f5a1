/**
 * Erasure reaches every copy (issue 26, docs/data-retention.md): after `DELETE /v1/checks/{id}` nothing
 * of the check can be read by any route and no collection holds it (one test per collection, the
 * tombstone — the minimal erasure record — excepted), nor any version of its file; after `tenant delete`
 * no document of any collection, and no object version of the bucket, carries the tenant.
 */
import { createErasure, createErasureRegistry, type Erasure, storeParticipants } from '@rv/retention'
import type { CheckRecord } from '@rv/schemas'
import { createS3Client, createS3Storage, type FileStorage, listVersions } from '@rv/storage'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { conforming, form, type Harness, startHarness } from '../contract/contract-harness'
import { documentsCarrying, type SeededCheck, seedEverywhere } from './seed-everywhere'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-erasure-versions')
let h: Harness
let storage: FileStorage
let client: ReturnType<typeof createS3Client>
let erasure: Erasure

/** Where a finished, reviewed, settled check leaves data; each must hold some before and none after. */
const collections = [
  'checks',
  'check_stages',
  'replay_checks',
  'replay_keys',
  'review_decisions',
  'review_queue',
  'review_claims',
  'check_decisions',
  'console_audit',
  'forgery_set',
  'credits',
  'settlements',
  'settlement_claims',
] as const

beforeAll(async () => {
  h = await startHarness(stack, 'it-erasure')
  const bucket = cleanup.bucket()
  storage = createS3Storage({ ...stack.s3, bucket })
  await storage.ensure()
  client = createS3Client(stack.s3)
  await client.setBucketVersioning(bucket, { Status: 'Enabled' })
  erasure = createErasure(h.store, createErasureRegistry(storeParticipants(h.store, storage)))
})

afterAll(async () => {
  await storage?.removePrefix('tenants/')
  await h?.close()
  await cleanup.run()
})

const app = () =>
  h.app({
    storage,
    eraseCheck: erasure.eraseCheck,
    tombstones: h.store.tombstones,
    settlements: h.store.settlements,
    decisions: h.store.decisions,
  })
const auth = (key: string) => ({ authorization: `Bearer ${key}` })

async function objectVersions(prefix: string): Promise<string[]> {
  return (await listVersions(client, storage.bucket, prefix)).map((v) => `${v.name}@${v.versionId}`)
}

/** A check submitted over the API by the tenant's key, then finished and left everywhere. */
async function settledCheck(tenantId: string, key: string, headers: Record<string, string> = {}) {
  const res = await app().request('/v1/checks', {
    method: 'POST',
    body: form({}),
    headers: { ...auth(key), ...headers },
  })
  expect(res.status).toBe(202)
  const record = (await res.json()) as CheckRecord
  const doc = await h.store.checks.findDocument(record.id)
  const fileKey = (doc?.submission as { file: { key: string } } | undefined)?.file.key ?? ''
  return seedEverywhere(h.store, storage, {
    tenantId,
    checkId: record.id,
    fileKey,
    createdAt: record.created_at,
  })
}

describe('DELETE /v1/checks/{id} erases every copy', () => {
  let check: SeededCheck
  let before: string[]
  const reads = ['', '/settlement', '/decisions'] as const

  beforeAll(async () => {
    check = await settledCheck(h.tenantId, h.key)
    // The check's id, or its payer's data (a credit line names no check).
    before = [
      ...(await documentsCarrying(h.store, check.checkId)),
      ...(await documentsCarrying(h.store, check.marker)),
    ]
    for (const path of reads)
      expect(
        (await app().request(`/v1/checks/${check.checkId}${path}`, { headers: auth(h.key) })).status,
      ).toBe(200)
    expect((await objectVersions(check.fileKey)).length).toBe(2)
    const res = await app().request(`/v1/checks/${check.checkId}`, { method: 'DELETE', headers: auth(h.key) })
    expect(res.status).toBe(204)
  })

  it.each(reads)('GET /v1/checks/{id}%s answers 410 check_deleted', async (path) => {
    const seen = await conforming(
      'get',
      `/v1/checks/{id}${path}`,
      await app().request(`/v1/checks/${check.checkId}${path}`, { headers: auth(h.key) }),
    )
    expect([seen.status, (seen.body as { error: { code: string } }).error.code]).toEqual([
      410,
      'check_deleted',
    ])
  })

  it.each(collections)('%s held the check before and holds nothing of it after', async (collection) => {
    expect(before.some((d) => d.startsWith(`${collection}: `))).toBe(true)
    const left = [
      ...(await documentsCarrying(h.store, check.checkId)),
      ...(await documentsCarrying(h.store, check.marker)),
    ]
    expect(left.filter((d) => d.startsWith(`${collection}: `))).toEqual([])
  })

  it('no collection holds the check but its tombstone, nor the payer of its credit anywhere', async () => {
    expect(await documentsCarrying(h.store, check.checkId)).toEqual([`check_tombstones: ${check.checkId}`])
    expect(await documentsCarrying(h.store, check.marker)).toEqual([])
  })

  it('no version of its file is left in the bucket', async () => {
    expect(await objectVersions(check.fileKey)).toEqual([])
  })

  it('the console queue no longer has it and the settlement reads nothing', async () => {
    expect(await h.store.reviewQueue.find(h.tenantId, check.checkId)).toBeUndefined()
    expect(await h.store.settlements.findSettlement(h.tenantId, check.checkId)).toBeNull()
    expect(await h.store.settlementErasure.isCreditErased(h.tenantId, `line-${check.marker}`)).toBe(true)
  })
})

describe('tenant delete erases every document and object of the tenant', () => {
  it('leaves no document in any collection and no object version carrying the tenant', async () => {
    const tenant = await h.store.tenants.createTenant('it-erasure-gone')
    const { key } = await h.store.tenants.createKey(tenant._id)
    await h.store.profiles.save(tenant._id, 'strict', {})
    const kept = await settledCheck(tenant._id, key, { 'idempotency-key': `idem-${tenant._id}` })
    const deleted = await settledCheck(tenant._id, key)
    expect(
      (await app().request(`/v1/checks/${deleted.checkId}`, { method: 'DELETE', headers: auth(key) })).status,
    ).toBe(204)
    await h.store.audit.record({ tenantId: tenant._id, email: 'lead@console.test', action: 'sign-in' })
    // The tenant's retention cursor and a migration's marker (the console's pass over its tombstones).
    await h.store.retentionCursors.set(tenant._id, '2026-01-01T00')
    await h.store.migrationProgress.markDone('console.tombstones', tenant._id, null, new Date())
    expect((await documentsCarrying(h.store, tenant._id)).length).toBeGreaterThan(10)
    expect(await objectVersions(`tenants/${tenant._id}/`)).toHaveLength(2)

    await erasure.eraseTenant(tenant._id)
    expect(await documentsCarrying(h.store, tenant._id)).toEqual([])
    expect(await documentsCarrying(h.store, kept.marker)).toEqual([])
    expect((await objectVersions('')).filter((name) => name.includes(tenant._id))).toEqual([])
    // The harness's own tenant is untouched.
    expect(await h.store.tenants.findTenant(h.tenantId)).toBeDefined()
  })
})
