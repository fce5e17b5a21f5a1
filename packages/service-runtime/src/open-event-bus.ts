/**
 * The event bus of a service, from its parsed configuration: created, every topic present and every event
 * schema registered before the first message moves, so a fresh deployment needs no separate set-up step.
 */
import type { KafkaConfig, RegistryConfig, TopicLayoutConfig } from '@rv/config'
import { createEventBus, type EventBus, type EventBusOptions } from '@rv/kafka'
import type { Logger } from '@rv/logger'

export interface BusConfig {
  kafka: KafkaConfig
  registry: RegistryConfig
}

/**
 * @example
 * const bus = await openEventBus(config, logger)
 * // a service that orchestrates its own shutdown (the aggregator stops its sweeper first):
 * const bus = await openEventBus(config, logger, { shutdown: false })
 */
export async function openEventBus(
  config: BusConfig,
  logger: Logger,
  options: Pick<EventBusOptions, 'shutdown'> = {},
): Promise<EventBus> {
  const bus = createEventBus({
    brokers: config.kafka.brokers,
    clientId: config.kafka.clientId,
    registryUrl: config.registry.url,
    ...(config.kafka.security ? { security: config.kafka.security } : {}),
    ...(config.registry.auth ? { registryAuth: config.registry.auth } : {}),
    topicPrefix: config.kafka.topicPrefix,
    ...topicLayoutOptions(config.kafka.topics),
    logger,
    ...options,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  return bus
}

/** The configured layout as bus options (an unset min.insync.replicas stays absent: the broker's default). */
function topicLayoutOptions(topics: TopicLayoutConfig): Partial<EventBusOptions> {
  return {
    partitions: topics.partitions,
    partitionsByTopic: topics.partitionsByTopic,
    replicationFactor: topics.replicationFactor,
    ...(topics.minInsyncReplicas === undefined ? {} : { minInsyncReplicas: topics.minInsyncReplicas }),
    retentionMs: topics.retentionMs,
    deadLetterRetentionMs: topics.deadLetterRetentionMs,
  }
}
