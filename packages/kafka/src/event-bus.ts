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
import { type LazyConnection, lazyConnection } from './lazy-connection'
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

/** What the bus's operations share: one client, one registry, one producer, the consumers started. */
interface BusContext {
  kafka: Kafka
  registry: ReturnType<typeof createRegistryClient>
  prefix: string
  logger: BusLogger
  layout: TopicLayout
  /** Layout differences already logged (each once per process). */
  notedLayoutDifferences: Set<string>
  /** Physical topic -> schema id of this build's schema. */
  schemaIds: Map<string, number>
  consumers: Set<ConsumerHandle>
  producer: LazyConnection<Producer>
  /** The probe's admin connection: opened once, dropped when a probe fails (the next one reconnects). */
  pingAdmin: LazyConnection<Admin>
}

export function createEventBus(options: EventBusOptions): EventBus {
  // kafkajs 2.2.4 spins a 1 ms timer on every connection; see kafkajs-idle-loop.ts.
  fixKafkajsIdleLoop()
  const logger = options.logger ?? stderrLogger
  const layout = topicLayoutOf(options)
  validateTopicLayout(layout)
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: kafkajsLogCreator(logger),
    ...clientSecurityOptions(options.security),
  })
  const ctx: BusContext = {
    kafka,
    registry: createRegistryClient(options.registryUrl, options.clientId, options.registryAuth),
    prefix: options.topicPrefix ?? '',
    logger,
    layout,
    notedLayoutDifferences: new Set<string>(),
    schemaIds: new Map<string, number>(),
    consumers: new Set<ConsumerHandle>(),
    producer: lazyConnection(async () => {
      const p = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false })
      await p.connect()
      return p
    }),
    pingAdmin: lazyConnection(async () => {
      const admin = kafka.admin({ retry: { retries: 0 } })
      await admin.connect()
      return admin
    }),
  }
  const closeAll = () => closeBus(ctx)
  const uninstall =
    options.shutdown === false ? () => undefined : installShutdownHandler(closeAll, logger, options.shutdown)
  const { registry, prefix, schemaIds } = ctx
  const producer = ctx.producer.get
  return {
    topicPrefix: prefix,
    ensureTopics: () => ensureTopics(ctx),
    ping: () => pingBrokers(ctx),
    async registerSchemas(topics = eventTopics) {
      const ids = await registerEventSchemas(registry, prefix, topics)
      for (const [topic, id] of ids) schemaIds.set(topic, id)
    },
    publish: createPublisher({ producer, registry, prefix, schemaIds }),
    publishBatch: createBatchPublisher({ producer, registry, prefix, schemaIds }),
    consume: (consumeOptions) => consumeTracked(ctx, consumeOptions),
    replayDeadLetters: (replayOptions) => replayDeadLetters({ kafka, producer, prefix }, replayOptions),
    async close({ timeoutMs = 10_000 } = {}) {
      uninstall()
      await withTimeout(closeAll(), timeoutMs, 'event bus close')
    },
  }
}

/** The topic layout the options ask for, with its defaults (3 partitions, replication 1). */
function topicLayoutOf(options: EventBusOptions): TopicLayout {
  return {
    partitions: options.partitions ?? 3,
    partitionsByTopic: options.partitionsByTopic ?? {},
    replicationFactor: options.replicationFactor ?? 1,
    ...(options.minInsyncReplicas === undefined ? {} : { minInsyncReplicas: options.minInsyncReplicas }),
    ...(options.retentionMs === undefined ? {} : { retentionMs: options.retentionMs }),
    ...(options.deadLetterRetentionMs === undefined
      ? {}
      : { deadLetterRetentionMs: options.deadLetterRetentionMs }),
  }
}

async function ensureTopics(ctx: BusContext): Promise<void> {
  const admin = ctx.kafka.admin()
  await admin.connect()
  try {
    await ensureTopicLayout(admin, ctx.layout, ctx.prefix, ctx.logger, ctx.notedLayoutDifferences)
  } finally {
    await admin.disconnect()
  }
}

async function pingBrokers(ctx: BusContext): Promise<void> {
  try {
    await (await ctx.pingAdmin.get()).describeCluster()
  } catch (error) {
    await dropPingAdmin(ctx)
    throw error
  }
}

async function dropPingAdmin(ctx: BusContext): Promise<void> {
  const admin = await ctx.pingAdmin.current()?.catch(() => undefined)
  ctx.pingAdmin.forget()
  await admin?.disconnect().catch(() => undefined)
}

/** Starts a consumer that the bus stops on close (and forgets when it is stopped first). */
async function consumeTracked<T extends EventTopic>(
  ctx: BusContext,
  consumeOptions: ConsumeOptions<T>,
): Promise<ConsumerHandle> {
  const { kafka, registry, prefix, logger, schemaIds } = ctx
  const handle = await startConsumer(
    { kafka, registry, producer: ctx.producer.get, prefix, logger, schemaIds },
    consumeOptions,
  )
  const tracked: ConsumerHandle = {
    stop: async () => {
      ctx.consumers.delete(tracked)
      await handle.stop()
    },
    isRunning: () => handle.isRunning(),
    ownership: () => handle.ownership(),
  }
  ctx.consumers.add(tracked)
  return tracked
}

/** Stops every consumer and the probe's connection, then disconnects the producer. */
async function closeBus(ctx: BusContext): Promise<void> {
  const stops = [...ctx.consumers].map((c) => c.stop())
  ctx.consumers.clear()
  await Promise.allSettled([...stops, dropPingAdmin(ctx)])
  const producer = ctx.producer.current()
  if (producer) await (await producer.catch(() => undefined))?.disconnect()
  ctx.producer.forget()
}
