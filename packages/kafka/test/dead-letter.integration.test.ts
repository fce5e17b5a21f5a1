import { Partitioners } from 'kafkajs'
import { afterEach, describe, expect, it } from 'vitest'
import type { FailedMessage } from '../src/consumer-types'
import { readDeadLetterHeaders } from '../src/dead-letter'
import { KafkaStageError } from '../src/errors'
import { physicalTopic, valueSubject } from '../src/topics'
import { matchedEvent, newCheckId } from './sample-events'
import {
  adminKafka,
  collectRaw,
  committedTotal,
  createTestBus,
  type RawRecord,
  randomName,
  registryUrl,
  type TestBus,
  waitFor,
} from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

interface Failure {
  message: FailedMessage<'check.matched.v1'>
  error: KafkaStageError
}

async function deadLetters(prefix: string, count: number): Promise<RawRecord[]> {
  const records: RawRecord[] = []
  const stop = await collectRaw(physicalTopic(prefix, 'check.dead-letter.v1'), records)
  await waitFor(() => (records.length >= count ? true : undefined))
  await stop()
  return records
}

describe('dead-lettering against the real Kafka', () => {
  it('sends a permanent failure to the DLQ at once, with the original bytes and headers saying why, then calls the hook', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id), { 'x-trace': 'abc' })
    const attempts: number[] = []
    const failures: Failure[] = []
    const groupId = randomName('group')
    await bus.consume({
      groupId,
      stage: 'matching',
      topics: ['check.matched.v1'],
      retry: { retries: 5, initialMs: 10, maxMs: 20 },
      handle: async (m) => {
        attempts.push(m.attempt)
        throw new KafkaStageError('pdf_encrypted', 'the PDF is encrypted', { retryable: false })
      },
      onPermanentFailure: async (message, error) => void failures.push({ message, error }),
    })
    await waitFor(() => (failures.length === 1 ? true : undefined))
    expect(attempts).toEqual([1])
    const [failure] = failures
    expect(failure?.error).toMatchObject({ code: 'pdf_encrypted', retryable: false })
    expect(failure?.message).toMatchObject({ topic: 'check.matched.v1', key: id, attempts: 1 })
    expect(failure?.message.value).toEqual(matchedEvent(id))

    const [dead] = await deadLetters(prefix, 1)
    expect(dead?.key).toBe(id)
    const original: RawRecord[] = []
    const stop = await collectRaw(physicalTopic(prefix, 'check.matched.v1'), original)
    await waitFor(() => (original.length === 1 ? true : undefined))
    await stop()
    expect(dead?.value?.equals(original[0]!.value!)).toBe(true)
    expect(dead?.headers['x-trace']).toBe('abc')
    expect(readDeadLetterHeaders(dead!.headers)).toEqual({
      originalTopic: 'check.matched.v1',
      originalPartition: original[0]!.partition,
      originalOffset: original[0]!.offset,
      errorCode: 'pdf_encrypted',
      errorMessage: 'the PDF is encrypted',
      attempts: 1,
      failedStage: 'matching',
    })
    await waitFor(async () =>
      (await committedTotal(groupId, physicalTopic(prefix, 'check.matched.v1'))) === 1 ? true : undefined,
    )
  })

  it('dead-letters a retryable failure once its retries are exhausted', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const attempts: number[] = []
    const failures: Failure[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      retry: { retries: 2, initialMs: 10, maxMs: 40 },
      handle: async (m) => {
        attempts.push(m.attempt)
        throw new Error('dependency still down')
      },
      onPermanentFailure: async (message, error) => void failures.push({ message, error }),
    })
    await waitFor(() => (failures.length === 1 ? true : undefined))
    expect(attempts).toEqual([1, 2, 3])
    expect(failures[0]?.error).toMatchObject({ code: 'internal_error', retryable: true })
    const [dead] = await deadLetters(prefix, 1)
    expect(readDeadLetterHeaders(dead!.headers)).toMatchObject({
      errorCode: 'internal_error',
      errorMessage: 'dependency still down',
      attempts: 3,
    })
  })

  it('treats a message that is not in the registry wire format as permanent, without calling the handler', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const producer = adminKafka.producer({ createPartitioner: Partitioners.DefaultPartitioner })
    await producer.connect()
    const id = newCheckId()
    await producer.send({
      topic: physicalTopic(prefix, 'check.matched.v1'),
      messages: [{ key: id, value: JSON.stringify(matchedEvent(id)) }],
    })
    await producer.disconnect()
    let handled = 0
    const failures: Failure[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async () => void handled++,
      onPermanentFailure: async (message, error) => void failures.push({ message, error }),
    })
    await waitFor(() => (failures.length === 1 ? true : undefined))
    expect(handled).toBe(0)
    expect(failures[0]?.error.code).toBe('undecodable_event')
    expect(failures[0]?.message.value).toBeUndefined()
    const [dead] = await deadLetters(prefix, 1)
    expect(dead?.headers['x-error-code']).toBe('undecodable_event')
    expect(dead?.value?.toString('utf8')).toBe(JSON.stringify(matchedEvent(id)))
  })

  it('treats a wire-format message whose JSON breaks the reader schema as permanent', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const subject = valueSubject(physicalTopic(prefix, 'check.matched.v1'))
    const schemaRes = await fetch(`${registryUrl}/subjects/${encodeURIComponent(subject)}/versions/latest`)
    const { id: schemaId } = (await schemaRes.json()) as { id: number }
    // Correct framing and a registered id, but a body the schema forbids (as a buggy producer might send).
    const header = Buffer.alloc(5)
    header.writeInt32BE(schemaId, 1)
    const producer = adminKafka.producer({ createPartitioner: Partitioners.DefaultPartitioner })
    await producer.connect()
    await producer.send({
      topic: physicalTopic(prefix, 'check.matched.v1'),
      messages: [{ key: 'chk_x', value: Buffer.concat([header, Buffer.from('{"check_id":"chk_x"}')]) }],
    })
    await producer.disconnect()
    const failures: Failure[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.matched.v1'],
      handle: async () => undefined,
      onPermanentFailure: async (message, error) => void failures.push({ message, error }),
    })
    await waitFor(() => (failures.length === 1 ? true : undefined))
    expect(failures[0]?.error).toMatchObject({ code: 'invalid_event', retryable: false })
    const [dead] = await deadLetters(prefix, 1)
    expect(dead?.headers['x-error-code']).toBe('invalid_event')
  })

  it('replays dead letters to their original topic once the cause is fixed, and only once', async () => {
    current = await createTestBus()
    const { bus } = current
    const id = newCheckId()
    const other = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id), { 'x-trace': 'abc' })
    await bus.publish('check.matched.v1', other, matchedEvent(other))
    let fixed = false
    const handled: { key: string; headers: Readonly<Record<string, string>> }[] = []
    const failures: Failure[] = []
    await bus.consume({
      groupId: randomName('group'),
      stage: 'matching',
      topics: ['check.matched.v1'],
      handle: async (m) => {
        if (!fixed) throw new KafkaStageError('profile_missing', 'no such profile', { retryable: false })
        handled.push({ key: m.key, headers: m.headers })
      },
      onPermanentFailure: async (message, error) => void failures.push({ message, error }),
    })
    await waitFor(() => (failures.length === 2 ? true : undefined))

    fixed = true
    const replayGroup = randomName('replay')
    const report = await bus.replayDeadLetters({ groupId: replayGroup, filter: (d) => d.key === id })
    expect(report).toEqual({ replayed: 1, passedOver: 1 })
    const replayed = await waitFor(() => handled.find((h) => h.key === id))
    expect(replayed.headers['x-trace']).toBe('abc')
    expect(replayed.headers['x-error-code']).toBeUndefined()
    expect(replayed.headers['x-replayed-from']).toMatch(/^check\.dead-letter\.v1\/\d+\/\d+$/)
    expect(await bus.replayDeadLetters({ groupId: replayGroup })).toEqual({ replayed: 0, passedOver: 0 })
    expect(handled.map((h) => h.key)).toEqual([id])
  })
})
