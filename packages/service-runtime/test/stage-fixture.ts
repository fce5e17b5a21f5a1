/**
 * What the service-runtime integration tests share: a bus configuration on this run's real stack with
 * fresh topic and group prefixes, and the removal of those topics and subjects afterwards.
 */
import type { KafkaConfig, RegistryConfig } from '@rv/config'
import { allTopics, eventTopics, physicalTopic, valueSubject } from '@rv/kafka'
import { deleteSubjects, deleteTopics, randomName, type StackConfig } from '@rv/testing'

export interface StageFixture {
  kafka: KafkaConfig
  config: { kafka: KafkaConfig; registry: RegistryConfig }
  /** Deletes every topic and subject under this fixture's prefix. */
  removeTopics(): Promise<void>
}

export function stageFixture(stack: StackConfig, clientId: string): StageFixture {
  const kafka: KafkaConfig = {
    brokers: stack.kafkaBrokers,
    clientId,
    groupPrefix: randomName('grp'),
    topicPrefix: `${randomName('it')}.`,
    topics: {
      partitions: 3,
      partitionsByTopic: {},
      replicationFactor: 1,
      minInsyncReplicas: undefined,
      retentionMs: 60 * 60 * 1000,
      deadLetterRetentionMs: 60 * 60 * 1000,
    },
    security: { tls: undefined, sasl: undefined },
  }
  const registry: RegistryConfig = { url: stack.schemaRegistryUrl, auth: undefined }
  return {
    kafka,
    config: { kafka, registry },
    async removeTopics() {
      await deleteTopics(
        kafka.brokers,
        allTopics.map((t) => physicalTopic(kafka.topicPrefix, t)),
      )
      await deleteSubjects(
        registry.url,
        eventTopics.map((t) => valueSubject(physicalTopic(kafka.topicPrefix, t))),
      )
    },
  }
}
