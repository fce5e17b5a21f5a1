import type { CheckMatchedV1 } from '@rv/schemas'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConsumedMessage } from '../src/consumer-types'
import { KafkaStageError } from '../src/errors'
import { createEventBus } from '../src/event-bus'
import { physicalTopic, valueSubject } from '../src/topics'
import { matchedEvent, newCheckId, submittedEvent } from './sample-events'
import {
  brokers,
  cleanupPrefix,
  collectRaw,
  committedTotal,
  createTestBus,
  type RawRecord,
  randomName,
  recordCount,
  registryUrl,
  type TestBus,
  topicPartitions,
  waitFor,
} from './stack'

let current: TestBus | undefined
afterEach(async () => {
  await current?.cleanup()
  current = undefined
})

/** `promise`, or a rejection naming `step` when it takes longer than `ms`. */
async function within<T>(ms: number, step: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step}: not finished after ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

async function latestSchemaId(subject: string): Promise<number> {
  const res = await fetch(`${registryUrl}/subjects/${encodeURIComponent(subject)}/versions/latest`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { id: number }).id
}

describe('publish and consume through the real Kafka and schema registry', () => {
  it('round-trips typed values keyed by check id, in registry wire format', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const checkIds = [newCheckId(), newCheckId(), newCheckId()]
    for (const id of checkIds)
      await bus.publish('check.matched.v1', id, matchedEvent(id), { 'x-trace': `t-${id}` })

    const received: ConsumedMessage<'check.matched.v1'>[] = []
    const groupId = randomName('group')
    await bus.consume({ groupId, topics: ['check.matched.v1'], handle: async (m) => void received.push(m) })
    await waitFor(() => (received.length === 3 ? true : undefined))

    for (const id of checkIds) {
      const message = received.find((m) => m.key === id)
      expect(message?.value).toEqual(matchedEvent(id))
      expect(message?.headers['x-trace']).toBe(`t-${id}`)
      expect(message?.attempt).toBe(1)
    }
    // The bytes on the topic are magic byte 0 + the registered schema id + JSON.
    const raw: RawRecord[] = []
    const stop = await collectRaw(physicalTopic(prefix, 'check.matched.v1'), raw)
    await waitFor(() => (raw.length === 3 ? true : undefined))
    await stop()
    const schemaId = await latestSchemaId(valueSubject(physicalTopic(prefix, 'check.matched.v1')))
    for (const record of raw) {
      expect(record.value?.[0]).toBe(0)
      expect(record.value?.readInt32BE(1)).toBe(schemaId)
      expect(JSON.parse(record.value!.subarray(5).toString('utf8'))).toEqual(matchedEvent(record.key!))
    }
    // Offsets are committed once handled.
    await waitFor(async () =>
      (await committedTotal(groupId, physicalTopic(prefix, 'check.matched.v1'))) === 3 ? true : undefined,
    )
  })

  it('ensureTopics and registerSchemas are idempotent: topics keep their layout, subjects stay at version 1', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    await bus.ensureTopics()
    await bus.registerSchemas()
    for (const topic of ['check.completed.v1', 'check.dead-letter.v1']) {
      expect((await topicPartitions(physicalTopic(prefix, topic))).length).toBe(2)
    }
    const subject = valueSubject(physicalTopic(prefix, 'check.completed.v1'))
    const versions = await fetch(`${registryUrl}/subjects/${encodeURIComponent(subject)}/versions`)
    expect(await versions.json()).toEqual([1])
  })

  it('six buses opening at once on fresh subjects all succeed, as replicas of a new deployment do', async () => {
    // Without the retry of the registry's rule race, 7 of 8 probe rounds had a failed registration, so three
    // rounds make a regression visible. Each step has its own deadline so a stall names the step.
    for (let round = 0; round < 3; round++) {
      const prefix = `${randomName('race')}.`
      const buses = Array.from({ length: 6 }, (_, i) =>
        createEventBus({
          brokers,
          registryUrl,
          clientId: `rv-race-${i}`,
          topicPrefix: prefix,
          shutdown: false,
        }),
      )
      try {
        const opened = await within(
          60_000,
          `round ${round}: six buses opening`,
          Promise.allSettled(
            buses.map(async (bus) => {
              await bus.ensureTopics()
              await bus.registerSchemas()
            }),
          ),
        )
        expect(opened.filter((o) => o.status === 'rejected')).toEqual([])
        const subject = valueSubject(physicalTopic(prefix, 'check.extracted.v1'))
        const versions = await within(
          15_000,
          `round ${round}: reading the subject's versions`,
          fetch(`${registryUrl}/subjects/${encodeURIComponent(subject)}/versions`).then((r) => r.json()),
        )
        expect(versions).toEqual([1])
      } finally {
        await within(
          30_000,
          `round ${round}: closing the buses and deleting their topics and subjects`,
          (async () => {
            for (const bus of buses.slice(1)) await bus.close()
            await cleanupPrefix(buses[0], prefix)
          })(),
        )
      }
    }
  }, 240_000)

  it('a bus that did not register finds the schema id by lookup, and refuses when nothing is registered', async () => {
    current = await createTestBus()
    const { prefix } = current
    const other = createEventBus({
      brokers,
      registryUrl,
      clientId: 'rv-kafka-tests-2',
      topicPrefix: prefix,
      shutdown: false,
    })
    const unregistered = createEventBus({
      brokers,
      registryUrl,
      clientId: 'rv-kafka-tests-3',
      topicPrefix: `${randomName('it-none')}.`,
      shutdown: false,
    })
    try {
      const id = newCheckId()
      await other.publish('check.matched.v1', id, matchedEvent(id))
      expect(await recordCount(physicalTopic(prefix, 'check.matched.v1'))).toBe(1)
      await expect(unregistered.publish('check.matched.v1', id, matchedEvent(id))).rejects.toMatchObject({
        code: 'schema_not_registered',
        retryable: false,
      })
    } finally {
      await other.close()
      await unregistered.close()
    }
  })

  it('delivers messages of several topics to one handler, discriminated by topic', async () => {
    current = await createTestBus()
    const { bus } = current
    const id = newCheckId()
    await bus.publish('check.submitted.v1', id, submittedEvent(id))
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const seen: string[] = []
    await bus.consume({
      groupId: randomName('group'),
      topics: ['check.submitted.v1', 'check.matched.v1'],
      handle: async (m) => {
        if (m.topic === 'check.submitted.v1') seen.push(`submitted:${m.value.file.content_type}`)
        else seen.push(`matched:${m.value.match.recipient}`)
      },
    })
    await waitFor(() => (seen.length === 2 ? true : undefined))
    expect(seen.sort()).toEqual(['matched:false', 'submitted:application/pdf'])
  })

  it('refuses to publish a value that does not match the topic schema, sending nothing', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    const bad = { ...matchedEvent(id), match: { bank: 'yes' } } as unknown as CheckMatchedV1
    await expect(bus.publish('check.matched.v1', id, bad)).rejects.toMatchObject({
      code: 'invalid_event',
      retryable: false,
    })
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    expect(await recordCount(physicalTopic(prefix, 'check.matched.v1'))).toBe(1)
  })

  it('retries a retryable failure with backoff and then succeeds, without dead-lettering', async () => {
    current = await createTestBus()
    const { bus, prefix } = current
    const id = newCheckId()
    await bus.publish('check.matched.v1', id, matchedEvent(id))
    const attempts: number[] = []
    const permanent: string[] = []
    const groupId = randomName('group')
    await bus.consume({
      groupId,
      topics: ['check.matched.v1'],
      retry: { retries: 4, initialMs: 50, maxMs: 200 },
      handle: async (m) => {
        attempts.push(m.attempt)
        if (m.attempt < 3) throw new KafkaStageError('storage_unavailable', 'not yet', { retryable: true })
      },
      onPermanentFailure: async (_m, e) => void permanent.push(e.code),
    })
    await waitFor(async () =>
      (await committedTotal(groupId, physicalTopic(prefix, 'check.matched.v1'))) === 1 ? true : undefined,
    )
    expect(attempts).toEqual([1, 2, 3])
    expect(permanent).toEqual([])
    // Dead-lettering happens before the commit, so after the commit an empty DLQ stays empty.
    expect(await recordCount(physicalTopic(prefix, 'check.dead-letter.v1'))).toBe(0)
  })
})
