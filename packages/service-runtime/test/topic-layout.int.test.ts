/**
 * From the environment to the broker: the topic layout variables, parsed by @rv/config exactly as a service
 * parses them, are what `openEventBus` creates the topics with on the real Kafka.
 */
import { loadStageConfig } from '@rv/config'
import { allTopics, physicalTopic } from '@rv/kafka'
import { createLogger } from '@rv/logger'
import { eventTopics } from '@rv/schemas'
import { deleteSubjects, deleteTopics, randomName, topicPartitionCounts } from '@rv/testing'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { openEventBus } from '../src/open-event-bus'

const stack = inject('stack')
const prefix = `${randomName('layout')}.`

afterAll(async () => {
  await deleteTopics(
    stack.kafkaBrokers,
    allTopics.map((t) => physicalTopic(prefix, t)),
  )
  await deleteSubjects(
    stack.schemaRegistryUrl,
    eventTopics.map((t) => `${physicalTopic(prefix, t)}-value`),
  )
})

describe('topic layout from the environment', () => {
  it('creates every topic with KAFKA_TOPIC_PARTITIONS, and KAFKA_PARTITIONS_BY_TOPIC where it names one', async () => {
    const config = loadStageConfig('matching', {
      KAFKA_BROKERS: stack.kafkaBrokers.join(','),
      SCHEMA_REGISTRY_URL: stack.schemaRegistryUrl,
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_TOPIC_PARTITIONS: '4',
      KAFKA_PARTITIONS_BY_TOPIC: 'check.extracted.v1=6',
    })
    const bus = await openEventBus(config, createLogger({ level: 'silent' }), { shutdown: false })
    await bus.close()

    const counts = await topicPartitionCounts(
      stack.kafkaBrokers,
      allTopics.map((t) => physicalTopic(prefix, t)),
    )
    expect(counts).toEqual(
      Object.fromEntries(
        allTopics.map((t) => [physicalTopic(prefix, t), t === 'check.extracted.v1' ? 6 : 4]),
      ),
    )
  })
})
