import { exampleRecord } from '@rv/core'
import { createErasure, createErasureRegistry, storeParticipants } from '@rv/retention'
import type { CheckRecord } from '@rv/schemas'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { conforming, form, type Harness, startHarness } from './contract-harness'

// DELETE /v1/checks/{id} and the GET 410 it leaves behind, against openapi.yaml on the real stack.
const stack = inject('stack')
let h: Harness

beforeAll(async () => {
  h = await startHarness(stack, 'it-delete')
})
afterAll(async () => {
  await h?.close()
})

const app = () => {
  const erasure = createErasure(h.store, createErasureRegistry(storeParticipants(h.store, h.storage)))
  return h.app({ eraseCheck: erasure.eraseCheck, tombstones: h.store.tombstones })
}
const auth = (key = h.key) => ({ authorization: `Bearer ${key}` })
const call = async (method: 'get' | 'delete', id: string, key?: string) =>
  conforming(
    method,
    '/v1/checks/{id}',
    await app().request(`/v1/checks/${id}`, { method: method.toUpperCase(), headers: auth(key) }),
  )
const code = (r: { body: unknown }) => (r.body as { error: { code: string } }).error.code

async function submitted(): Promise<{ record: CheckRecord; fileKey: string }> {
  const res = await app().request('/v1/checks', { method: 'POST', body: form({}), headers: auth() })
  expect(res.status).toBe(202)
  const record = (await res.json()) as CheckRecord
  const doc = await h.store.checks.findDocument(record.id)
  const submission = doc?.submission as { file: { key: string } } | undefined
  return { record, fileKey: submission?.file.key ?? '' }
}

describe('DELETE /v1/checks/{id}', () => {
  it('stores the file under a key of the tenant and the check', async () => {
    const { record, fileKey } = await submitted()
    expect(fileKey.startsWith(`tenants/${h.tenantId}/${record.id}/`)).toBe(true)
  })

  it('refuses a running check (409), then deletes the finished one (204): GET 410, file gone', async () => {
    const { record, fileKey } = await submitted()
    const running = await call('delete', record.id)
    expect([running.status, code(running)]).toEqual([409, 'check_in_progress'])
    expect((running.body as { error: { retryable: boolean } }).error.retryable).toBe(true)
    const done = exampleRecord({
      id: record.id,
      tenant_id: h.tenantId,
      created_at: record.created_at,
      order_ref: null,
    })
    expect(await h.store.checks.writeRecord(done)).toBe(true)

    expect((await call('delete', record.id)).status).toBe(204)
    const read = await call('get', record.id)
    expect([read.status, code(read)]).toEqual([410, 'check_deleted'])
    expect(await h.storage.stat(fileKey)).toBeUndefined()
    expect(await h.store.checks.findDocument(record.id)).toBeUndefined()
    const again = await call('delete', record.id)
    expect([again.status, code(again)]).toEqual([404, 'check_not_found'])
  })

  it("answers another tenant's check like an unknown one and leaves it", async () => {
    const { record, fileKey } = await submitted()
    const other = await h.store.tenants.createTenant('it-delete-other')
    const { key } = await h.store.tenants.createKey(other._id)
    const done = exampleRecord({
      id: record.id,
      tenant_id: h.tenantId,
      created_at: record.created_at,
      order_ref: null,
    })
    await h.store.checks.writeRecord(done)
    const foreign = await call('delete', record.id, key)
    expect([foreign.status, code(foreign)]).toEqual([404, 'check_not_found'])
    expect((await call('get', record.id, key)).status).toBe(404)
    expect(await h.storage.stat(fileKey)).toBeDefined()
    expect((await call('delete', 'nonsense')).status).toBe(400)
  })
})
