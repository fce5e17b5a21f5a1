import { describe, expect, it } from 'vitest'
import { createWindowCounts } from './window-counts'

const minute = 60_000

describe('window counts: admissions in memory, synced in batches', () => {
  it('admits up to the limit with no store at all, then refuses until the window ends', () => {
    const counts = createWindowCounts({ limit: 3, windowMs: minute })
    const at = 10 * minute + 15_000
    expect([1, 2, 3, 4].map(() => counts.admit('t1', at).admitted)).toEqual([true, true, true, false])
    expect(counts.admit('t1', at)).toEqual({ admitted: false, retryAfterSeconds: 45 })
    expect(counts.admit('t2', at).admitted).toBe(true)
    expect(counts.admit('t1', 11 * minute).admitted).toBe(true)
  })

  it('sends every tenant with new admissions in one batch, and nothing once the store has heard', () => {
    const counts = createWindowCounts({ limit: 100, windowMs: minute })
    for (let i = 0; i < 5; i++) counts.admit('t1', 1000)
    counts.admit('t2', 1000)
    const sent = counts.pending(1000)
    expect(sent).toEqual({
      window: 0,
      counts: [
        { tenantId: 't1', count: 5 },
        { tenantId: 't2', count: 1 },
      ],
    })
    counts.applySync(sent, new Map())
    expect(counts.pending(1000).counts).toEqual([])
    counts.admit('t2', 1000)
    expect(counts.pending(1000).counts).toEqual([{ tenantId: 't2', count: 2 }])
  })

  it("counts the other replicas' admissions from the sync's answer", () => {
    const counts = createWindowCounts({ limit: 10, windowMs: minute })
    counts.admit('t1', 0)
    counts.applySync(counts.pending(0), new Map([['t1', 8]]))
    expect(counts.admit('t1', 0).admitted).toBe(true)
    expect(counts.admit('t1', 0).admitted).toBe(false)
  })

  it("learns a tenant it has not seen yet from the sync's answer", () => {
    const counts = createWindowCounts({ limit: 4, windowMs: minute })
    counts.applySync(counts.pending(0), new Map([['t9', 3]]))
    expect(counts.pending(0).counts).toEqual([])
    expect(counts.admit('t9', 0).admitted).toBe(true)
    expect(counts.admit('t9', 0).admitted).toBe(false)
  })

  it('admissions counted during a sync stay pending; an older answer never lowers what is known', () => {
    const counts = createWindowCounts({ limit: 100, windowMs: minute })
    counts.admit('t1', 0)
    const first = counts.pending(0)
    counts.admit('t1', 0)
    counts.applySync(first, new Map([['t1', 7]]))
    expect(counts.pending(0).counts).toEqual([{ tenantId: 't1', count: 2 }])
    counts.applySync({ window: 0, counts: [{ tenantId: 't1', count: 1 }] }, new Map([['t1', 3]]))
    for (let i = 0; i < 91; i++) expect(counts.admit('t1', 0).admitted).toBe(true)
    expect(counts.admit('t1', 0).admitted).toBe(false)
  })

  it("drops a past window's unsent admissions and a late answer about it", () => {
    const counts = createWindowCounts({ limit: 2, windowMs: minute })
    counts.admit('t1', 0)
    const stale = counts.pending(0)
    expect(counts.pending(minute)).toEqual({ window: 1, counts: [] })
    counts.admit('t1', minute)
    counts.applySync(stale, new Map([['t1', 50]]))
    expect(counts.admit('t1', minute).admitted).toBe(true)
  })

  it('bounds over-admission: replicas that never sync admit the limit each; synced after each request, the limit', () => {
    const replicas = () => ['a', 'b', 'c'].map(() => createWindowCounts({ limit: 10, windowMs: minute }))
    const unsynced = replicas()
    let admitted = 0
    for (let i = 0; i < 60; i++) if (unsynced[i % 3]!.admit('t1', 0).admitted) admitted++
    expect(admitted).toBe(30)

    // The store's side: each replica's count; a sync answers the others' sum.
    const stored = new Map<number, number>()
    const synced = replicas()
    admitted = 0
    for (let i = 0; i < 60; i++) {
      const r = i % 3
      if (synced[r]!.admit('t1', 0).admitted) admitted++
      for (let k = 0; k < 3; k++) {
        const sent = synced[k]!.pending(0)
        for (const c of sent.counts) stored.set(k, c.count)
        const others = [...stored].filter(([w]) => w !== k).reduce((s, [, n]) => s + n, 0)
        synced[k]!.applySync(
          sent.counts.length > 0 ? sent : { window: 0, counts: [{ tenantId: 't1', count: 0 }] },
          new Map([['t1', others]]),
        )
      }
    }
    expect(admitted).toBe(10)
  })
})
