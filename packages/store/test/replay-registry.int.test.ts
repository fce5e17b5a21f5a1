/**
 * The replay registry's layout since 29 Nov 2026 on the real store: a registration is one insert (each key
 * carries all the check's keys), holders registered before it still give all their keys, and erasure finds
 * both layouts. The registry's claiming rules are in store.int.test.ts.
 */

import type { ReplayKey } from '@rv/schemas'
import { tallyCommands } from '@rv/testing'
import { useTestStore } from '@rv/testing/use-test-store'
import { describe, expect, it } from 'vitest'
import { connectStore } from '../src/connect-store'
import type { ReplayCheckDocument, ReplayKeyDocument } from '../src/replay-registry'

const store = useTestStore('it-replay-registry', connectStore)
const at = '2026-03-11T07:00:00.000Z'
const digest = (c: string) => c.repeat(64)

/** A holder as the registry before 29 Nov 2026 stored it: its registration, and keys without `keys`. */
async function registerAsBefore(tenantId: string, checkId: string, keys: Record<string, string>) {
  const db = store().db
  await db.collection<ReplayCheckDocument>('replay_checks').insertOne({
    _id: `${tenantId}:${checkId}`,
    tenant_id: tenantId,
    check_id: checkId,
    keys,
    created_at: at,
  })
  for (const [kind, value] of Object.entries(keys))
    await db.collection<ReplayKeyDocument>('replay_keys').insertOne({
      _id: `${tenantId}:${kind}:${value}`,
      tenant_id: tenantId,
      kind: kind as ReplayKey,
      digest: value,
      check_id: checkId,
      created_at: at,
    })
}

const count = (collection: string, filter: Record<string, unknown>) =>
  store().db.collection(collection).countDocuments(filter)

describe('replay registry layout', () => {
  it('registers a new receipt in one insert, and answers a repeat from the collision and one read', async () => {
    const keys = { file_sha256: digest('a'), operation_id: digest('b'), semantic: digest('c') }
    const edited = { file_sha256: digest('d'), operation_id: digest('b'), semantic: digest('e') }
    const tally = tallyCommands(store().db.client)
    expect(
      await store().replay.register({ tenantId: 'ten_l1', checkId: 'chk_l1', createdAt: at, keys }),
    ).toEqual([])
    expect(tally.take()).toEqual(['insert replay_keys'])
    expect(
      await store().replay.register({ tenantId: 'ten_l1', checkId: 'chk_l2', createdAt: at, keys: edited }),
    ).toEqual([{ checkId: 'chk_l1', createdAt: at, keys }])
    // The file key claimed, the operation id refused: its holder read once, the semantic key looked up.
    expect(tally.take()).toEqual(['insert replay_keys', 'find replay_keys', 'find replay_keys'])
    tally.stop()
    expect(await count('replay_checks', { tenant_id: 'ten_l1' })).toBe(0)
  })

  it('gives every key of a holder registered before 29 Nov 2026, from its registration', async () => {
    const before = { file_sha256: digest('f'), operation_id: digest('g'), semantic: digest('h') }
    await registerAsBefore('ten_l2', 'chk_old', before)
    const now = { file_sha256: digest('i'), operation_id: digest('g') }
    expect(
      await store().replay.register({ tenantId: 'ten_l2', checkId: 'chk_new', createdAt: at, keys: now }),
    ).toEqual([{ checkId: 'chk_old', createdAt: at, keys: before }])
  })

  it('erases a check in both layouts and key spaces, leaving the keys another check owns', async () => {
    const tenantId = 'ten_l3'
    await registerAsBefore(tenantId, 'chk_e1', { file_sha256: digest('j') })
    const shared = digest('k')
    const keys = { file_sha256: digest('l'), operation_id: shared }
    await store().replay.register({ tenantId, checkId: 'chk_e1', createdAt: at, keys })
    await store().replay.register({ tenantId, checkId: 'chk_e1', createdAt: at, keys, scope: 'global' })
    await store().replay.register({
      tenantId,
      checkId: 'chk_e2',
      createdAt: at,
      keys: { operation_id: shared, file_sha256: digest('m') },
    })
    expect(await count('replay_keys', { tenant_id: tenantId, check_id: 'chk_e1' })).toBe(5)

    await store().replay.eraseCheck(tenantId, 'chk_e1')
    expect(await count('replay_keys', { check_id: 'chk_e1' })).toBe(0)
    expect(await count('replay_checks', { check_id: 'chk_e1' })).toBe(0)
    expect(await count('replay_keys', { tenant_id: tenantId, check_id: 'chk_e2' })).toBe(1)
  })

  it('erases a tenant, batch by batch, in both layouts, and no other tenant', async () => {
    await registerAsBefore('ten_l4', 'chk_t0', { file_sha256: digest('n') })
    for (const i of [1, 2, 3])
      await store().replay.register({
        tenantId: 'ten_l4',
        checkId: `chk_t${i}`,
        createdAt: at,
        keys: { file_sha256: digest(String(i)), semantic: digest('o') },
      })
    await store().replay.register({
      tenantId: 'ten_l5',
      checkId: 'chk_u1',
      createdAt: at,
      keys: { file_sha256: digest('n') },
    })
    expect(await store().replay.eraseTenant('ten_l4', 1)).toBe(4)
    expect(await count('replay_keys', { tenant_id: 'ten_l4' })).toBe(0)
    expect(await count('replay_checks', { tenant_id: 'ten_l4' })).toBe(0)
    expect(await count('replay_keys', { tenant_id: 'ten_l5' })).toBe(1)
  })
})
