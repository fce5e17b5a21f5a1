/**
 * Deliveries counted across processes: a message whose handling kills (or gets evicted) the consumer is
 * redelivered to the next member, whose in-process attempt counter starts at 1 again. The ledger (the store
 * in production: packages/store delivery-ledger.ts) counts every delivery in any process, so the member
 * that receives it for the (maxDeliveries + 1)th time dead-letters it without handling it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { FailedMessage } from '../src/consumer'
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

/** The ledger's contract over a Map: what earlier (dead) processes recorded is in `counts`. */
function mapLedger(
  counts = new Map<string, number>(),
): DeliveryLedger & { counts: Map<string, number>; begun: string[] } {
  const begun: string[] = []
  return {
    counts,
    begun,
    begin: async (id) => {
      begun.push(id)
      const n = (counts.get(id) ?? 0) + 1
      counts.set(id, n)
      return n
    },
    end: async (id) => void counts.delete(id),
  }
}

describe('deliveries counted across processes', () => {
  it('dead-letters a message already delivered maxDeliveries times elsewhere, without handling it', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const groupId = randomName('group')
    const topic = physicalTopic(prefix, 'check.matched.v1')
    // Three earlier members each received the message and died handling it (offset 0 of some partition).
    const ledger = mapLedger()
    const handled: string[] = []
    const failures: { message: FailedMessage<'check.matched.v1'>; error: KafkaStageError }[] = []
    const seen: string[] = []
    const spy: DeliveryLedger = {
      begin: async (key) => {
        seen.push(key)
        if (!ledger.counts.has(key)) ledger.counts.set(key, 3)
        return ledger.begin(key)
      },
      end: ledger.end,
    }
    await bus.consume({
      groupId,
      stage: 'matching',
      topics: ['check.matched.v1'],
      deliveries: spy,
      maxDeliveries: 3,
      handle: async (m) => void handled.push(m.key),
      onPermanentFailure: async (message, error) => void failures.push({ message, error }),
    })
    await waitFor(() => (failures.length === 1 ? true : undefined))
    expect(handled).toEqual([])
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatch(new RegExp(`^${groupId}/${topic}/\\d+/0$`))
    expect(failures[0]?.error).toMatchObject({ code: 'stage_redelivery_limit', retryable: false })
    expect(failures[0]?.message).toMatchObject({ key: id, attempts: 4, value: matchedEvent(id) })
    expect(ledger.counts.size).toBe(0)

    const records: RawRecord[] = []
    const stop = await collectRaw(physicalTopic(prefix, 'check.dead-letter.v1'), records)
    await waitFor(() => (records.length === 1 ? true : undefined))
    await stop()
    expect(readDeadLetterHeaders(records[0]!.headers)).toMatchObject({
      errorCode: 'stage_redelivery_limit',
      attempts: 4,
    })
  })

  it('handles a message delivered fewer times and forgets it once handled', async () => {
    current = await createTestBus()
    const { bus } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const ledger = mapLedger()
    const handled: string[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      deliveries: ledger,
      maxDeliveries: 3,
      handle: async (m) => void handled.push(m.key),
    })
    await waitFor(() => (handled.length === 1 ? true : undefined))
    await waitFor(() => (ledger.counts.size === 0 ? true : undefined))
    expect(handled).toEqual([id])
    expect(ledger.begun).toHaveLength(1)
  })
})
