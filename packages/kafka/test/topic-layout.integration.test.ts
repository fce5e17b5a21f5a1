/**
 * The configured topic layout on the real broker: partition counts (default and per topic) are what the topics
 * get, existing topics with fewer partitions are grown (also by replicas racing each other), never shrunk,
 * and min.insync.replicas reaches the topic's configuration.
 */
import { ConfigResourceTypes } from 'kafkajs'
import { afterEach, describe, expect, it } from 'vitest'
import { createEventBus, type EventBus, type EventBusOptions } from '../src/event-bus'
import { allTopics, physicalTopic } from '../src/topics'
import {
  adminKafka,
  brokers,
  cleanupPrefix,
  memoryLogger,
  randomName,
  registryUrl,
  topicPartitions,
} from './stack'

let prefix = ''
const opened: EventBus[] = []

function bus(options: Partial<EventBusOptions> = {}): EventBus {
  const created = createEventBus({
    brokers,
    registryUrl,
    clientId: 'rv-topic-layout-tests',
    topicPrefix: prefix,
    shutdown: false,
    logger: memoryLogger(),
    ...options,
  })
  opened.push(created)
  return created
}

async function partitionCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const topic of allTopics) counts[topic] = (await topicPartitions(physicalTopic(prefix, topic))).length
  return counts
}

function everyTopic(count: number, overrides: Record<string, number> = {}): Record<string, number> {
  return Object.fromEntries(allTopics.map((t) => [t, overrides[t] ?? count]))
}

afterEach(async () => {
  for (const b of opened.splice(0)) await b.close().catch(() => undefined)
  await cleanupPrefix(undefined, prefix)
})

describe('ensureTopics with a configured layout', () => {
  it('creates each topic with the configured partitions, a per-topic override winning', async () => {
    prefix = `${randomName('layout')}.`
    await bus({ partitions: 5, partitionsByTopic: { 'check.extracted.v1': 7 } }).ensureTopics()
    expect(await partitionCounts()).toEqual(everyTopic(5, { 'check.extracted.v1': 7 }))
  })

  it('grows existing topics with fewer partitions and never shrinks them', async () => {
    prefix = `${randomName('grow')}.`
    await bus({ partitions: 2 }).ensureTopics()
    expect(await partitionCounts()).toEqual(everyTopic(2))

    await bus({ partitions: 4 }).ensureTopics()
    expect(await partitionCounts()).toEqual(everyTopic(4))

    const logger = memoryLogger()
    const smaller = bus({ partitions: 3, logger })
    await smaller.ensureTopics()
    await smaller.ensureTopics()
    expect(await partitionCounts()).toEqual(everyTopic(4))
    // Said once per topic, though ensureTopics ran twice (the gateway's readiness probe calls it repeatedly).
    const warned = logger.lines.filter((l) => l.msg.startsWith('topic layout differs'))
    expect(warned).toHaveLength(allTopics.length)
  })

  it('replicas growing the same topics at once all succeed', async () => {
    prefix = `${randomName('race')}.`
    await bus({ partitions: 1 }).ensureTopics()
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => bus({ partitions: 6 }).ensureTopics()),
    )
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    expect(await partitionCounts()).toEqual(everyTopic(6))
  })

  it('sets min.insync.replicas on the topics it creates', async () => {
    prefix = `${randomName('isr')}.`
    await bus({ partitions: 1, replicationFactor: 1, minInsyncReplicas: 1 }).ensureTopics()
    const admin = adminKafka.admin()
    await admin.connect()
    try {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [
          {
            type: ConfigResourceTypes.TOPIC,
            name: physicalTopic(prefix, 'check.completed.v1'),
            configNames: ['min.insync.replicas'],
          },
        ],
      })
      const entry = resources[0]?.configEntries.find((e) => e.configName === 'min.insync.replicas')
      expect(entry?.configValue).toBe('1')
      // Set on the topic itself, not inherited from the broker's default.
      expect(entry?.isDefault).toBe(false)
    } finally {
      await admin.disconnect()
    }
  })

  it('sets retention.ms on created topics and on existing ones, keeping their other configs', async () => {
    prefix = `${randomName('retention')}.`
    const hour = 60 * 60 * 1000
    const read = async (logical: string) => {
      const admin = adminKafka.admin()
      await admin.connect()
      try {
        const { resources } = await admin.describeConfigs({
          includeSynonyms: false,
          resources: [{ type: ConfigResourceTypes.TOPIC, name: physicalTopic(prefix, logical) }],
        })
        const entries = resources[0]?.configEntries ?? []
        const value = (name: string) => entries.find((e) => e.configName === name)?.configValue
        return { retention: value('retention.ms'), isr: value('min.insync.replicas') }
      } finally {
        await admin.disconnect()
      }
    }
    // Topics from before retention was configured: the broker's default, min.insync.replicas set.
    await bus({ partitions: 1, minInsyncReplicas: 1 }).ensureTopics()
    expect((await read('check.submitted.v1')).retention).not.toBe(String(hour))
    await bus({
      partitions: 1,
      minInsyncReplicas: 1,
      retentionMs: hour,
      deadLetterRetentionMs: 2 * hour,
    }).ensureTopics()
    // The broker applies an altered config from its metadata log: a describe right after may still show the old one.
    await expect
      .poll(() => read('check.submitted.v1'), { timeout: 10_000 })
      .toEqual({ retention: String(hour), isr: '1' })
    await expect
      .poll(() => read('check.dead-letter.v1'), { timeout: 10_000 })
      .toEqual({ retention: String(2 * hour), isr: '1' })

    await cleanupPrefix(undefined, prefix)
    prefix = `${randomName('retention-new')}.`
    await bus({ partitions: 1, retentionMs: 3 * hour, deadLetterRetentionMs: 4 * hour }).ensureTopics()
    expect((await read('check.completed.v1')).retention).toBe(String(3 * hour))
    expect((await read('check.dead-letter.v1')).retention).toBe(String(4 * hour))
  })
})
