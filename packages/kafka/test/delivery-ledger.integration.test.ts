/**
 * Deliveries counted across processes: a message whose handling kills (or gets evicted) the consumer is
 * redelivered to the next member, whose in-process attempt counter starts at 1 again. The ledger (the store
 * in production: packages/store delivery-ledger.ts) holds a reservation per partition, so the member that
 * next reads a partition counts each offset below it — and dead-letters, unhandled, the one delivered more
 * than maxDeliveries times. In steady state it writes one reservation per window of offsets, no count.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { FailedMessage } from '../src/consumer-types'
import { readDeadLetterHeaders } from '../src/dead-letter'
import type { DeliveryLedger } from '../src/delivery-ledger'
import type { KafkaStageError } from '../src/errors'
import { physicalTopic } from '../src/topics'
import { matchedEvent, newCheckId } from './sample-events'
import { collectRaw, createTestBus, type RawRecord, randomName, type TestBus, waitFor } from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

/** The ledger's contract over Maps: what earlier (dead) processes recorded is in `reservations` and `counts`. */
function mapLedger(presetCount = 0) {
  const reservations = new Map<string, number>()
  const counts = new Map<string, number>()
  const begun: string[] = []
  const reserved: string[] = []
  const ledger: DeliveryLedger = {
    reserve: async (id, until) => {
      reserved.push(id)
      const before = reservations.get(id)
      reservations.set(id, Math.max(before ?? 0, until))
      return before
    },
    begin: async (id) => {
      begun.push(id)
      const n = (counts.get(id) ?? presetCount) + 1
      counts.set(id, n)
      return n
    },
    end: async (id) => void counts.delete(id),
  }
  return { ledger, reservations, counts, begun, reserved }
}

describe('deliveries counted across processes', () => {
  it('dead-letters a message earlier members died on maxDeliveries times, without handling it', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')
    const topic = physicalTopic(prefix, 'check.matched.v1')
    // Earlier members reserved offset 0 and died on it: the first delivery uncounted, then two counted.
    const shared = mapLedger(2)
    shared.reservations.set(`${groupId}/${topic}/0`, 50)
    const handled: string[] = []
    const failures: { message: FailedMessage<'check.matched.v1'>; error: KafkaStageError }[] = []
    await bus.consume({
      groupId,
      stage: 'matching',
      topics: ['check.matched.v1'],
      deliveries: shared.ledger,
      maxDeliveries: 3,
      handle: async (m) => void handled.push(m.key),
      onPermanentFailure: async (message, error) => void failures.push({ message, error }),
    })
    await waitFor(() => (failures.length === 1 ? true : undefined))
    expect(handled).toEqual([])
    expect(shared.begun).toEqual([`${groupId}/${topic}/0/0`])
    expect(failures[0]?.error).toMatchObject({ code: 'stage_redelivery_limit', retryable: false })
    expect(failures[0]?.message).toMatchObject({ key: id, attempts: 4, value: matchedEvent(id) })
    await waitFor(() => (shared.counts.size === 0 ? true : undefined))

    const records: RawRecord[] = []
    const stop = await collectRaw(physicalTopic(prefix, 'check.dead-letter.v1'), records)
    await waitFor(() => (records.length === 1 ? true : undefined))
    await stop()
    expect(readDeadLetterHeaders(records[0]!.headers)).toMatchObject({
      errorCode: 'stage_redelivery_limit',
      attempts: 4,
    })
  })

  it('counts only the offsets below the reservation it found, handles them, and forgets them', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus, prefix } = current
    const ids = [newCheckId(), newCheckId(), newCheckId()]
    for (const id of ids) await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')
    const topic = physicalTopic(prefix, 'check.matched.v1')
    const shared = mapLedger()
    shared.reservations.set(`${groupId}/${topic}/0`, 2)
    const handled: string[] = []
    await bus.consume({
      groupId,
      topics: ['check.matched.v1'],
      deliveries: shared.ledger,
      maxDeliveries: 3,
      handle: async (m) => void handled.push(m.key),
    })
    await waitFor(() => (handled.length === 3 ? true : undefined))
    await waitFor(() => (shared.counts.size === 0 ? true : undefined))
    expect(handled).toEqual(ids)
    expect(shared.begun).toEqual([`${groupId}/${topic}/0/0`, `${groupId}/${topic}/0/1`])
  })

  it('in steady state writes one reservation per partition and window, and counts nothing', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus, prefix } = current
    const ids = Array.from({ length: 12 }, () => newCheckId())
    for (const id of ids) await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')
    const shared = mapLedger()
    const handled: string[] = []
    await bus.consume({
      groupId,
      topics: ['check.matched.v1'],
      deliveries: shared.ledger,
      reservationWindow: 5,
      handle: async (m) => void handled.push(m.key),
    })
    await waitFor(() => (handled.length === 12 ? true : undefined))
    expect(shared.begun).toEqual([])
    // Offsets 0..11 with a window of 5: reserved at 0, 5 and 10.
    const partition = `${groupId}/${physicalTopic(prefix, 'check.matched.v1')}/0`
    expect(shared.reserved).toEqual([partition, partition, partition])
    expect(shared.reservations.get(partition)).toBe(15)
  })
})
