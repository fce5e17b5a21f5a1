/**
 * Where the real Kafka and schema registry are, and per-test isolation: every test gets a random topic
 * prefix (so its own topics and subjects) and removes them afterwards.
 */
import { deleteSubjects, deleteTopics, randomName } from '@rv/testing'
import { Kafka, logLevel } from 'kafkajs'
import type { BusLogger } from '../src/bus-logger'
import { createEventBus, type EventBus, type EventBusOptions } from '../src/event-bus'
import { allTopics, eventTopics, physicalTopic, valueSubject } from '../src/topics'

export { randomName }

function required(name: string): string {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is not set: run through vitest.integration.config.ts (@rv/testing global setup)`)
  return value
}

/** Set by @rv/testing's global setup (explicit environment, testcontainers, or the native stack). */
export const brokers = required('KAFKA_BROKERS').split(',')
export const registryUrl = required('SCHEMA_REGISTRY_URL')

/** Keeps log lines in memory: tests assert on them and the run output stays readable. */
export function memoryLogger(): BusLogger & { lines: { level: string; msg: string; fields?: object }[] } {
  const lines: { level: string; msg: string; fields?: object }[] = []
  const at =
    (level: string) =>
    (msg: string, fields?: object): void => {
      lines.push({ level, msg, ...(fields ? { fields } : {}) })
    }
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

export const adminKafka = new Kafka({ clientId: 'rv-kafka-tests', brokers, logLevel: logLevel.NOTHING })

export interface TestBus {
  bus: EventBus
  prefix: string
  logger: ReturnType<typeof memoryLogger>
  cleanup(): Promise<void>
}

/** A bus on fresh, prefixed topics and subjects; `cleanup` closes it and deletes both. */
export async function createTestBus(overrides: Partial<EventBusOptions> = {}): Promise<TestBus> {
  const prefix = `${randomName('it')}.`
  const logger = memoryLogger()
  const bus = createEventBus({
    brokers,
    registryUrl,
    clientId: 'rv-kafka-tests',
    topicPrefix: prefix,
    partitions: 2,
    shutdown: false,
    logger,
    ...overrides,
  })
  await bus.ensureTopics()
  await bus.registerSchemas()
  return { bus, prefix, logger, cleanup: () => cleanupPrefix(bus, prefix) }
}

export async function cleanupPrefix(bus: EventBus | undefined, prefix: string): Promise<void> {
  await bus?.close().catch(() => undefined)
  await deleteTopics(
    brokers,
    allTopics.map((t) => physicalTopic(prefix, t)),
  )
  await deleteSubjects(
    registryUrl,
    eventTopics.map((t) => valueSubject(physicalTopic(prefix, t))),
  )
}

/** Polls `probe` until it returns a value other than undefined; fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export interface RawRecord {
  key: string | null
  value: Buffer | null
  headers: Record<string, string>
  partition: number
  offset: string
}

/** Reads every record of a physical topic into `into` with a plain kafkajs consumer (no registry). */
export async function collectRaw(topic: string, into: RawRecord[]): Promise<() => Promise<void>> {
  const consumer = adminKafka.consumer({ groupId: randomName('raw-reader'), maxWaitTimeInMs: 100 })
  await consumer.connect()
  await consumer.subscribe({ topics: [topic], fromBeginning: true })
  await consumer.run({
    eachMessage: async ({ message, partition }) => {
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(message.headers ?? {})) if (v !== undefined) headers[k] = String(v)
      into.push({
        key: message.key?.toString() ?? null,
        value: message.value,
        headers,
        partition,
        offset: message.offset,
      })
    },
  })
  return () => consumer.disconnect()
}

/** Committed offset of a group on a topic, summed over partitions (-1 entries, i.e. none, count as 0). */
export async function committedTotal(groupId: string, topic: string): Promise<number> {
  const admin = adminKafka.admin()
  await admin.connect()
  try {
    const [entry] = await admin.fetchOffsets({ groupId, topics: [topic] })
    return (entry?.partitions ?? []).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0)
  } finally {
    await admin.disconnect()
  }
}

/** Number of records ever written to a topic (sum of high watermarks; our tests never delete records). */
export async function recordCount(topic: string): Promise<number> {
  const admin = adminKafka.admin()
  await admin.connect()
  try {
    const offsets = await admin.fetchTopicOffsets(topic)
    return offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0)
  } finally {
    await admin.disconnect()
  }
}

/** Partition ids of a topic, from the broker's metadata. */
export async function topicPartitions(topic: string): Promise<number[]> {
  const admin = adminKafka.admin()
  await admin.connect()
  try {
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] })
    return (topics[0]?.partitions ?? []).map((p) => p.partitionId)
  } finally {
    await admin.disconnect()
  }
}
