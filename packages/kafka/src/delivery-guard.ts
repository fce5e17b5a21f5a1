/**
 * A consumer's side of the delivery ledger (delivery-ledger.ts), per partition it reads:
 *
 * - the first time it sees a partition (after start, or after any rebalance: `forgetPartitions`), it
 *   raises the partition's reservation to `offset + window` and reads the one before: every offset below
 *   that earlier reservation is *suspect* (some member may have died or been evicted handling it);
 * - before handling an offset at or past its own reservation, it raises the reservation again (one write
 *   per `window` offsets, and once per `refreshMs` so the document never expires while in use);
 * - a suspect offset is counted in the ledger before it is handled and forgotten after; any other offset
 *   costs nothing in the store.
 *
 * A ledger that cannot be reached only logs: handling goes on uncounted, as it did before.
 */
import type { BusLogger } from './bus-logger'
import {
  countDelivery,
  type DeliveryLedger,
  deliveryId,
  deliveryPartitionId,
  forgetDelivery,
} from './delivery-ledger'

export interface DeliveryGuardOptions {
  ledger: DeliveryLedger | undefined
  groupId: string
  log: BusLogger
  /** Offsets reserved per write (default 50): also the most a restart counts one by one per partition. */
  window?: number
  /** A reservation older than this is written again before use (default 1 h; the store keeps it 24 h). */
  refreshMs?: number
  now?: () => number
}

export interface DeliveryGuard {
  /** Reserves `offset` if needed; true when it is suspect (count it: `count`, then `forget`). */
  prepare(topic: string, partition: number, offset: string): Promise<boolean>
  /** Records this delivery of a suspect offset: the deliveries so far, this one included (undefined: unknown). */
  count(topic: string, partition: number, offset: string): Promise<number | undefined>
  forget(topic: string, partition: number, offset: string): Promise<void>
  /** After a rebalance: partitions may have been in other hands meanwhile, so read them again. */
  forgetPartitions(): void
}

interface PartitionState {
  suspectBelow: number
  reservedBelow: number
  reservedAt: number
}

export const defaultReservationWindow = 50

export function createDeliveryGuard(options: DeliveryGuardOptions): DeliveryGuard {
  const { ledger, groupId, log } = options
  const window = options.window ?? defaultReservationWindow
  const refreshMs = options.refreshMs ?? 60 * 60 * 1000
  const now = options.now ?? Date.now
  const partitions = new Map<string, PartitionState>()

  async function reserve(id: string, until: number): Promise<number | undefined> {
    try {
      return await ledger!.reserve(id, until)
    } catch (err) {
      log.warn('offsets not reserved: the ledger is unavailable', { partition: id, until, err })
      return undefined
    }
  }

  return {
    async prepare(topic, partition, offset) {
      if (!ledger) return false
      const id = deliveryPartitionId(groupId, topic, partition)
      const at = Number(offset)
      let state = partitions.get(id)
      if (!state) {
        const previous = await reserve(id, at + window)
        state = {
          suspectBelow: previous ?? 0,
          reservedBelow: Math.max(previous ?? 0, at + window),
          reservedAt: now(),
        }
        partitions.set(id, state)
      } else if (at >= state.reservedBelow || now() - state.reservedAt >= refreshMs) {
        // Even when the write fails the reservation moves on in memory: one warning per window, not per message.
        await reserve(id, at + window)
        state.reservedBelow = Math.max(state.reservedBelow, at + window)
        state.reservedAt = now()
      }
      return at < state.suspectBelow
    },
    async count(topic, partition, offset) {
      if (!ledger) return undefined
      const counted = await countDelivery(ledger, deliveryId(groupId, topic, partition, offset), log)
      // The delivery that first reached a suspect offset was before its reservation was read: not counted.
      return counted === undefined ? undefined : counted + 1
    },
    async forget(topic, partition, offset) {
      if (ledger) await forgetDelivery(ledger, deliveryId(groupId, topic, partition, offset), log)
    },
    forgetPartitions() {
      partitions.clear()
    },
  }
}
