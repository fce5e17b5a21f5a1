/**
 * The composition root of the event plumbing: one Kafka client, one idempotent producer (connected on
 * first use), one registry client, and every consumer started through it, all closed together.
 *
 * @example
 * const bus = createEventBus({ brokers: ['127.0.0.1:19092'], clientId: 'rv-matching', registryUrl })
 * await bus.ensureTopics()
 * await bus.registerSchemas()
 * await bus.consume({
 *   groupId: 'rv-matching',
 *   topics: ['check.extracted.v1'],
 *   handle: async ({ key, value }) => bus.publish('check.matched.v1', key, toMatched(value)),
 * })
 */
import type { KafkaSecurityConfig, RegistryAuthConfig } from '@rv/config'
import { type Admin, Kafka, logLevel, type Producer } from 'kafkajs'
import { type BusLogger, kafkajsLogCreator, stderrLogger } from './bus-logger'
import { clientSecurityOptions } from './connection-security'
import { startConsumer } from './consumer'
import type { ConsumeOptions, ConsumerHandle } from './consumer-types'
import { ensureTopicLayout } from './ensure-topics'
import { fixKafkajsIdleLoop } from './kafkajs-idle-loop'
import { createBatchPublisher, createPublisher, type Publish, type PublishBatch } from './publisher'
import { createRegistryClient, registerEventSchemas } from './registry'
import { type ReplayOptions, type ReplayReport, replayDeadLetters } from './replay-dead-letters'
import { installShutdownHandler, type ShutdownOptions, withTimeout } from './shutdown'
import { type TopicLayout, validateTopicLayout } from './topic-layout'
import { type EventTopic, eventTopics } from './topics'

export interface EventBusOptions {
  brokers: string[]
  clientId: string
  /** Confluent-compatible registry base URL, e.g. http://127.0.0.1:18081/apis/ccompat/v7 (Apicurio). */
  registryUrl: string
  /** TLS and SASL towards the brokers (docs/deploy-production.md); absent: plaintext, anonymous. */
  security?: KafkaSecurityConfig
  /** HTTP basic auth of the registry; absent: anonymous. */
  registryAuth?: RegistryAuthConfig
  /** Prepended to every topic name (and so to every subject); '' in production. */
  topicPrefix?: string
  logger?: BusLogger
  /** Partitions of each topic `ensureTopics` creates or grows to (default 3); see topic-layout.ts. */
  partitions?: number
  /** Logical topic -> partitions, overriding `partitions` (unknown topic names throw here). */
  partitionsByTopic?: Readonly<Record<string, number>>
  /** Replication factor of created topics (default 1, the local single broker). */
  replicationFactor?: number
  /** `min.insync.replicas` of created topics (default: the broker's). */
  minInsyncReplicas?: number
  /** `retention.ms` of the event topics and of the dead-letter topic (default: the broker's); topic-layout.ts. */
  retentionMs?: number
  deadLetterRetentionMs?: number
  /** Close on SIGTERM/SIGINT (default on); false when the service orchestrates its own shutdown. */
  shutdown?: ShutdownOptions | false
}

export interface EventBus {
  readonly topicPrefix: string
  /**
   * Creates every topic (events and dead letters) that does not exist yet and grows those with fewer
   * partitions than configured; never shrinks a topic or changes its replication (logged once instead).
   */
  ensureTopics(): Promise<void>
  /**
   * Readiness: the brokers answer a cluster-metadata request on one admin connection kept open (no topic
   * listed or created). Rejects when they do not.
   */
  ping(): Promise<void>
  /** Registers this build's schema of each topic (all by default) under `<topic>-value`; idempotent. */
  registerSchemas(topics?: readonly EventTopic[]): Promise<void>
  /** Validates, encodes through the registry and sends `value` keyed by `key` (the check id). */
  publish: Publish
  /** Validates and encodes every value first, then sends them in chunks (statements' credit lines). */
  publishBatch: PublishBatch
  consume<T extends EventTopic>(options: ConsumeOptions<T>): Promise<ConsumerHandle>
  /** Sends dead letters (all, or those `filter` accepts) back to their original topics; see docs/events.md. */
  replayDeadLetters(options?: ReplayOptions): Promise<ReplayReport>
  /** Stops consumers and disconnects; bounded by `timeoutMs` (default 10 s). */
  close(options?: { timeoutMs?: number }): Promise<void>
}

export function createEventBus(options: EventBusOptions): EventBus {
  // kafkajs 2.2.4 spins a 1 ms timer on every connection; see kafkajs-idle-loop.ts.
  fixKafkajsIdleLoop()
  const prefix = options.topicPrefix ?? ''
  const logger = options.logger ?? stderrLogger
  const layout: TopicLayout = {
    partitions: options.partitions ?? 3,
    partitionsByTopic: options.partitionsByTopic ?? {},
    replicationFactor: options.replicationFactor ?? 1,
    ...(options.minInsyncReplicas === undefined ? {} : { minInsyncReplicas: options.minInsyncReplicas }),
    ...(options.retentionMs === undefined ? {} : { retentionMs: options.retentionMs }),
    ...(options.deadLetterRetentionMs === undefined
      ? {}
      : { deadLetterRetentionMs: options.deadLetterRetentionMs }),
  }
  validateTopicLayout(layout)
  const notedLayoutDifferences = new Set<string>()
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: kafkajsLogCreator(logger),
    ...clientSecurityOptions(options.security),
  })
  const registry = createRegistryClient(options.registryUrl, options.clientId, options.registryAuth)
  const schemaIds = new Map<string, number>()
  const consumers = new Set<ConsumerHandle>()
  let producerPromise: Promise<Producer> | undefined

  const producer = (): Promise<Producer> => {
    producerPromise ??= (async () => {
      const p = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false })
      await p.connect()
      return p
    })()
    // A failed connect must not poison later attempts.
    producerPromise.catch(() => {
      producerPromise = undefined
    })
    return producerPromise
  }

  // The probe's admin connection: opened once, dropped when a probe fails (the next one reconnects).
  let pingAdminPromise: Promise<Admin> | undefined
  const pingAdmin = (): Promise<Admin> => {
    pingAdminPromise ??= (async () => {
      const admin = kafka.admin({ retry: { retries: 0 } })
      await admin.connect()
      return admin
    })()
    pingAdminPromise.catch(() => {
      pingAdminPromise = undefined
    })
    return pingAdminPromise
  }
  const dropPingAdmin = async (): Promise<void> => {
    const admin = await pingAdminPromise?.catch(() => undefined)
    pingAdminPromise = undefined
    await admin?.disconnect().catch(() => undefined)
  }

  const closeAll = async (): Promise<void> => {
    const stops = [...consumers].map((c) => c.stop())
    consumers.clear()
    await Promise.allSettled([...stops, dropPingAdmin()])
    if (producerPromise) await (await producerPromise.catch(() => undefined))?.disconnect()
    producerPromise = undefined
  }

  const uninstall =
    options.shutdown === false ? () => undefined : installShutdownHandler(closeAll, logger, options.shutdown)

  return {
    topicPrefix: prefix,
    async ensureTopics() {
      const admin = kafka.admin()
      await admin.connect()
      try {
        await ensureTopicLayout(admin, layout, prefix, logger, notedLayoutDifferences)
      } finally {
        await admin.disconnect()
      }
    },
    async ping() {
      try {
        await (await pingAdmin()).describeCluster()
      } catch (error) {
        await dropPingAdmin()
        throw error
      }
    },
    async registerSchemas(topics = eventTopics) {
      const ids = await registerEventSchemas(registry, prefix, topics)
      for (const [topic, id] of ids) schemaIds.set(topic, id)
    },
    publish: createPublisher({ producer, registry, prefix, schemaIds }),
    publishBatch: createBatchPublisher({ producer, registry, prefix, schemaIds }),
    async consume(consumeOptions) {
      const handle = await startConsumer(
        { kafka, registry, producer, prefix, logger, schemaIds },
        consumeOptions,
      )
      const tracked: ConsumerHandle = {
        stop: async () => {
          consumers.delete(tracked)
          await handle.stop()
        },
        isRunning: () => handle.isRunning(),
      }
      consumers.add(tracked)
      return tracked
    },
    replayDeadLetters: (replayOptions) => replayDeadLetters({ kafka, producer, prefix }, replayOptions),
    async close({ timeoutMs = 10_000 } = {}) {
      uninstall()
      await withTimeout(closeAll(), timeoutMs, 'event bus close')
    },
  }
}
