import { describe, expect, it } from 'vitest'
import type { BusLogger } from './bus-logger'
import { createDeliveryGuard } from './delivery-guard'
import type { DeliveryLedger } from './delivery-ledger'

const quiet: BusLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }

/** The ledger's contract over Maps, shared by every "process" of a test, counting its writes. */
function sharedLedger() {
  const reservations = new Map<string, number>()
  const counts = new Map<string, number>()
  const calls = { reserve: 0, begin: 0, end: 0 }
  const ledger: DeliveryLedger = {
    reserve: async (id, until) => {
      calls.reserve++
      const before = reservations.get(id)
      reservations.set(id, Math.max(before ?? 0, until))
      return before
    },
    begin: async (id) => {
      calls.begin++
      const n = (counts.get(id) ?? 0) + 1
      counts.set(id, n)
      return n
    },
    end: async (id) => {
      calls.end++
      counts.delete(id)
    },
  }
  return { ledger, reservations, counts, calls }
}

/** What a consumer does per message: prepare, and count + forget when suspect; the deliveries, or undefined. */
async function deliver(guard: ReturnType<typeof createDeliveryGuard>, offset: number, finish = true) {
  const suspect = await guard.prepare('t', 0, String(offset))
  if (!suspect) return undefined
  const n = await guard.count('t', 0, String(offset))
  if (finish) await guard.forget('t', 0, String(offset))
  return n
}

describe('delivery guard: the ledger off the per-message path', () => {
  it('writes one reservation per window of offsets and counts nothing in steady state', async () => {
    const shared = sharedLedger()
    const guard = createDeliveryGuard({ ledger: shared.ledger, groupId: 'g', log: quiet, window: 10 })
    for (let offset = 0; offset < 100; offset++) expect(await deliver(guard, offset)).toBeUndefined()
    expect(shared.calls).toEqual({ reserve: 10, begin: 0, end: 0 })
    expect(shared.reservations.get('g/t/0')).toBe(100)
  })

  it('dead-letters a message that kills every process, even when commits lag behind it', async () => {
    const shared = sharedLedger()
    const maxDeliveries = 3
    const poison = 7
    let committed = 0
    const deliveries: (number | undefined)[] = []
    // Each "process" starts at the committed offset, handles up to the poison and dies there.
    for (let life = 0; life < 10; life++) {
      const guard = createDeliveryGuard({ ledger: shared.ledger, groupId: 'g', log: quiet, window: 5 })
      let deadLettered = false
      for (let offset = committed; offset <= poison; offset++) {
        const n = await deliver(guard, offset, offset !== poison)
        if (offset === poison) {
          deliveries.push(n)
          if (n !== undefined && n > maxDeliveries) deadLettered = true
        }
      }
      if (deadLettered) break
      committed = life % 2 === 0 ? committed : poison - 2 // some lives commit on the way, some do not
    }
    // First life: past every reservation, not counted; then 2, 3; the fourth delivery is given up.
    expect(deliveries).toEqual([undefined, 2, 3, 4])
  })

  it('reads a partition again after a rebalance: what another member reserved meanwhile is suspect', async () => {
    const shared = sharedLedger()
    const a = createDeliveryGuard({ ledger: shared.ledger, groupId: 'g', log: quiet, window: 10 })
    const b = createDeliveryGuard({ ledger: shared.ledger, groupId: 'g', log: quiet, window: 10 })
    expect(await deliver(a, 0)).toBeUndefined()
    // The partition moves to b, which reserves past a's mark, handles 0..11 (reserving up to 20) and moves back to a.
    for (let offset = 0; offset < 12; offset++) await deliver(b, offset)
    a.forgetPartitions()
    expect(await deliver(a, 12)).toBe(2)
    expect(await deliver(a, 19)).toBe(2)
    expect(await deliver(a, 20)).toBeUndefined()
    expect(shared.counts.size).toBe(0)
  })

  it('goes on uncounted, warning once per window, when the ledger cannot be reached', async () => {
    const warnings: string[] = []
    const log = { ...quiet, warn: (msg: string) => void warnings.push(msg) }
    const down: DeliveryLedger = {
      reserve: () => Promise.reject(new Error('store down')),
      begin: () => Promise.reject(new Error('store down')),
      end: () => Promise.reject(new Error('store down')),
    }
    const guard = createDeliveryGuard({ ledger: down, groupId: 'g', log, window: 10 })
    for (let offset = 0; offset < 20; offset++) expect(await deliver(guard, offset)).toBeUndefined()
    expect(warnings).toEqual([
      'offsets not reserved: the ledger is unavailable',
      'offsets not reserved: the ledger is unavailable',
    ])
  })

  it('rewrites a reservation held longer than refreshMs, so the store never expires one in use', async () => {
    const shared = sharedLedger()
    let now = 0
    const guard = createDeliveryGuard({
      ledger: shared.ledger,
      groupId: 'g',
      log: quiet,
      window: 100,
      refreshMs: 1000,
      now: () => now,
    })
    await deliver(guard, 0)
    await deliver(guard, 1)
    expect(shared.calls.reserve).toBe(1)
    now = 1000
    await deliver(guard, 2)
    expect(shared.calls.reserve).toBe(2)
  })
})
