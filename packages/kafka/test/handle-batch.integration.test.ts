/**
 * `handleBatch`: the decoded messages of one fetched batch in one call, in offset order; a batch that fails
 * for good goes message by message through `handle`, so only the bad message is dead-lettered; a message
 * that cannot be decoded is dead-lettered alone. Offsets are committed only for what was handled.
 */
import { Partitioners } from 'kafkajs'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConsumedMessage, FailedMessage } from '../src/consumer-types'
import { KafkaStageError } from '../src/errors'
import { physicalTopic } from '../src/topics'
import { matchedEvent, newCheckId } from './sample-events'
import { adminKafka, committedTotal, createTestBus, randomName, type TestBus, waitFor } from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

type Matched = ConsumedMessage<'check.matched.v1'>

describe('consume({ handleBatch })', () => {
  it('hands a fetched batch over in one call, in offset order, and commits it', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus, prefix } = current
    const ids = Array.from({ length: 20 }, () => newCheckId())
    await bus.publishBatch(
      'check.matched.v1',
      ids.map((id) => ({ key: id, value: matchedEvent(id) })),
    )
    const calls: Matched[][] = []
    let singles = 0
    const groupId = randomName('group')
    await bus.consume({
      groupId,
      topics: ['check.matched.v1'],
      handle: async () => void singles++,
      handleBatch: async (messages) => void calls.push(messages),
    })
    await waitFor(() => (calls.flat().length === 20 ? true : undefined))
    expect(singles).toBe(0)
    expect(calls.length).toBeLessThan(20)
    expect(calls.flat().map((m) => m.key)).toEqual(ids)
    expect(calls.flat().map((m) => m.offset)).toEqual(ids.map((_, i) => String(i)))
    expect(calls.flat()[0]?.value).toEqual(matchedEvent(ids[0]!))
    const topic = physicalTopic(prefix, 'check.matched.v1')
    await waitFor(async () => ((await committedTotal(groupId, topic)) === 20 ? true : undefined))
  })

  it('after a batch fails for good, handles each message alone: only the bad one is dead-lettered', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus } = current
    const ids = Array.from({ length: 5 }, () => newCheckId())
    const bad = ids[2]!
    await bus.publishBatch(
      'check.matched.v1',
      ids.map((id) => ({ key: id, value: matchedEvent(id) })),
    )
    const handled: string[] = []
    const failures: FailedMessage<'check.matched.v1'>[] = []
    let batchCalls = 0
    const refuse = () => new KafkaStageError('invalid_event', 'refused', { retryable: false })
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handleBatch: async (messages) => {
        batchCalls++
        if (messages.some((m) => m.key === bad)) throw refuse()
        for (const m of messages) handled.push(m.key)
      },
      handle: async (m) => {
        if (m.key === bad) throw refuse()
        handled.push(m.key)
      },
      onPermanentFailure: async (message) => void failures.push(message),
    })
    await waitFor(() => (handled.length === 4 && failures.length === 1 ? true : undefined))
    expect(batchCalls).toBeGreaterThan(0)
    expect(handled).toEqual(ids.filter((id) => id !== bad))
    expect(failures.map((f) => f.key)).toEqual([bad])
  })

  it('dead-letters a message that cannot be decoded alone and hands the others over', async () => {
    current = await createTestBus({ partitions: 1 })
    const { bus, prefix } = current
    const first = newCheckId()
    const broken = newCheckId()
    const last = newCheckId()
    await bus.publish('check.matched.v1', first, matchedEvent(first))
    const producer = adminKafka.producer({ createPartitioner: Partitioners.DefaultPartitioner })
    await producer.connect()
    await producer.send({
      topic: physicalTopic(prefix, 'check.matched.v1'),
      messages: [{ key: broken, value: 'not the wire format' }],
    })
    await producer.disconnect()
    await bus.publish('check.matched.v1', last, matchedEvent(last))
    const handled: string[] = []
    const failures: FailedMessage<'check.matched.v1'>[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async () => {
        throw new Error('handle is not called when handleBatch succeeds')
      },
      handleBatch: async (messages) => void handled.push(...messages.map((m) => m.key)),
      onPermanentFailure: async (message) => void failures.push(message),
    })
    await waitFor(() => (handled.length === 2 && failures.length === 1 ? true : undefined))
    expect(handled).toEqual([first, last])
    expect(failures[0]).toMatchObject({ key: broken, value: undefined })
  })
})
