import type { MigrationProgress } from '@rv/store'
import { describe, expect, it } from 'vitest'
import { eraseConsoleOfTombstoned, type TombstonePassStore } from './erase-console-of-tombstoned'
import type { ErasedCheck } from './erasure-registry'

const now = new Date('2026-11-26T21:00:00.000Z')

/** The store's side in memory: tenants, their tombstones, the markers, and what each page read. */
function memoryStore(tombstones: Record<string, string[]>) {
  const markers = new Map<string, MigrationProgress>()
  const reads: { tenantId: string; after: string | null; limit: number }[] = []
  const store: TombstonePassStore = {
    tenants: {
      listTenants: async () => Object.keys(tombstones).map((_id) => ({ _id, name: _id, created_at: now })),
    },
    tombstones: {
      async idsOfTenant(tenantId, after, limit) {
        reads.push({ tenantId, after, limit })
        const ids = [...(tombstones[tenantId] ?? [])].sort()
        return ids.filter((id) => after === null || id > after).slice(0, limit)
      },
    },
    migrationProgress: {
      get: async (migration, tenantId) => markers.get(`${migration}:${tenantId}`) ?? null,
      async advance(migration, tenantId, after) {
        markers.set(`${migration}:${tenantId}`, { done: false, after })
      },
      async markDone(migration, tenantId, after) {
        markers.set(`${migration}:${tenantId}`, { done: true, after })
      },
    },
  }
  return { store, markers, reads }
}

function recordingParticipant() {
  const erased: ErasedCheck[] = []
  return { erased, participant: { name: 'rec', eraseCheck: async (c: ErasedCheck) => void erased.push(c) } }
}

const ids = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`)

describe('eraseConsoleOfTombstoned', () => {
  it('hands every tombstoned check of every tenant to the participants, then marks the tenants done', async () => {
    const { store, markers } = memoryStore({ ten_a: ids('a', 5), ten_b: ids('b', 3), ten_c: [] })
    const { erased, participant } = recordingParticipant()
    const report = await eraseConsoleOfTombstoned(store, [participant], { now, batch: 2 })
    expect(report).toEqual({ tenants: 3, checks: 8, complete: true })
    expect(erased.map((c) => c.checkId)).toEqual([...ids('a', 5), ...ids('b', 3)])
    expect(erased[5]).toEqual({ tenantId: 'ten_b', checkId: 'b0000' })
    expect(markers.get('console.tombstones:ten_a')).toEqual({ done: true, after: 'a0004' })
    expect(markers.get('console.tombstones:ten_c')).toEqual({ done: true, after: null })
  })

  it('reads nothing of a tenant marked done', async () => {
    const { store, reads } = memoryStore({ ten_a: ids('a', 3) })
    const { erased, participant } = recordingParticipant()
    await eraseConsoleOfTombstoned(store, [participant], { now })
    reads.length = 0
    const again = await eraseConsoleOfTombstoned(store, [participant], { now })
    expect(again).toEqual({ tenants: 0, checks: 0, complete: true })
    expect(reads).toEqual([])
    expect(erased).toHaveLength(3)
  })

  it('stops at maxChecks mid-tenant and goes on after the last id done, never re-reading one', async () => {
    const { store, reads, markers } = memoryStore({ ten_a: ids('a', 5), ten_b: ids('b', 4) })
    const { erased, participant } = recordingParticipant()
    const first = await eraseConsoleOfTombstoned(store, [participant], { now, batch: 2, maxChecks: 6 })
    expect(first).toEqual({ tenants: 2, checks: 6, complete: false })
    expect(markers.get('console.tombstones:ten_b')).toEqual({ done: false, after: 'b0000' })
    // The budget's last page is cut to what is left of it.
    expect(reads.at(-1)).toEqual({ tenantId: 'ten_b', after: null, limit: 1 })
    reads.length = 0
    const second = await eraseConsoleOfTombstoned(store, [participant], { now, batch: 2, maxChecks: 6 })
    expect(second).toEqual({ tenants: 1, checks: 3, complete: true })
    expect(reads).toEqual([{ tenantId: 'ten_b', after: 'b0000', limit: 6 }])
    expect(erased.map((c) => c.checkId)).toEqual([...ids('a', 5), ...ids('b', 4)])
  })

  it('a budget spent exactly at a tenant end finds it done on the next run with one empty page', async () => {
    const { store, reads, markers } = memoryStore({ ten_a: ids('a', 4) })
    const { participant } = recordingParticipant()
    expect(await eraseConsoleOfTombstoned(store, [participant], { now, batch: 2, maxChecks: 4 })).toEqual({
      tenants: 1,
      checks: 4,
      complete: false,
    })
    reads.length = 0
    expect(await eraseConsoleOfTombstoned(store, [participant], { now, batch: 2, maxChecks: 4 })).toEqual({
      tenants: 1,
      checks: 0,
      complete: true,
    })
    expect(reads).toEqual([{ tenantId: 'ten_a', after: 'a0003', limit: 4 }])
    expect(markers.get('console.tombstones:ten_a')?.done).toBe(true)
  })

  it('reads a tenant once per run and saves where it is every batch: a crash resumes there', async () => {
    const { store, reads, markers } = memoryStore({ ten_a: ids('a', 5) })
    const seen: string[] = []
    const crashing = {
      name: 'crashing',
      async eraseCheck({ checkId }: ErasedCheck) {
        if (checkId === 'a0003' && !seen.includes(checkId)) {
          seen.push(checkId)
          throw new Error('crash')
        }
        seen.push(checkId)
      },
    }
    await expect(eraseConsoleOfTombstoned(store, [crashing], { now, batch: 2 })).rejects.toThrow('crash')
    expect(reads).toEqual([{ tenantId: 'ten_a', after: null, limit: 10_000 }])
    expect(markers.get('console.tombstones:ten_a')).toEqual({ done: false, after: 'a0001' })
    expect(await eraseConsoleOfTombstoned(store, [crashing], { now, batch: 2 })).toEqual({
      tenants: 1,
      checks: 3,
      complete: true,
    })
    expect(reads.at(-1)).toEqual({ tenantId: 'ten_a', after: 'a0001', limit: 10_000 })
    expect(seen).toEqual(['a0000', 'a0001', 'a0002', 'a0003', 'a0002', 'a0003', 'a0004'])
  })

  it('a failing participant leaves the page unmarked: the next run asks again', async () => {
    const { store, markers } = memoryStore({ ten_a: ids('a', 2) })
    let fail = true
    const seen: string[] = []
    const flaky = {
      name: 'flaky',
      async eraseCheck({ checkId }: ErasedCheck) {
        seen.push(checkId)
        if (fail) throw new Error('down')
      },
    }
    await expect(eraseConsoleOfTombstoned(store, [flaky], { now })).rejects.toThrow('down')
    expect(markers.size).toBe(0)
    fail = false
    expect(await eraseConsoleOfTombstoned(store, [flaky], { now })).toMatchObject({ checks: 2 })
    expect(seen).toEqual(['a0000', 'a0000', 'a0001'])
  })
})
