/**
 * Publishing: validate against the topic's schema (once: the registry client's encode would validate the
 * same value against the same schema again), write the registry's wire format (magic byte + schema id of
 * this build's schema + JSON), send keyed by check id on an idempotent producer so retries inside the
 * client never duplicate.
 */
import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry'
import { metrics, traceContextHeaders } from '@rv/observability'
import type { Producer } from 'kafkajs'
import { KafkaStageError } from './errors'
import { assertEvent } from './event-validator'
import { lookupSchemaId } from './registry'
import { createSendQueue, type RawMessage, type TopicBatch } from './send-queue'
import { type EventTopic, type EventValueByTopic, physicalTopic } from './topics'
import { encodeWire } from './wire-format'

export interface PublisherDeps {
  producer: () => Promise<Producer>
  registry: SchemaRegistry
  prefix: string
  /** Physical topic -> schema id of this build's schema, filled by registration or lookup. */
  schemaIds: Map<string, number>
}

export type Publish = <T extends EventTopic>(
  topic: T,
  key: string,
  value: EventValueByTopic[T],
  headers?: Readonly<Record<string, string>>,
) => Promise<void>

/**
 * Publishes many events of one topic in one send per `chunk` messages: every value is validated and
 * encoded before the first send, so an invalid one sends nothing. A send that fails part-way may have
 * written earlier chunks (consumers key on the message's own id: a retry is harmless).
 */
export type PublishBatch = <T extends EventTopic>(
  topic: T,
  messages: readonly { key: string; value: EventValueByTopic[T] }[],
  options?: { chunk?: number },
) => Promise<void>

async function schemaIdOf(deps: PublisherDeps, topic: EventTopic): Promise<{ physical: string; id: number }> {
  const physical = physicalTopic(deps.prefix, topic)
  let id = deps.schemaIds.get(physical)
  if (id === undefined) {
    id = await lookupSchemaId(deps.registry, physical, topic)
    deps.schemaIds.set(physical, id)
  }
  return { physical, id }
}

function assertKey(key: string): void {
  if (key === '')
    throw new KafkaStageError('invalid_event', 'the message key (check id) is empty', { retryable: false })
}

export function createPublisher(deps: PublisherDeps): Publish {
  // Publishes made while a send is in flight go together in the next (send-queue.ts).
  const send = createSendQueue(async (batches) => sendBatchOrThrow(await deps.producer(), batches))
  return async (topic, key, value, headers) => {
    assertEvent(topic, value)
    assertKey(key)
    const { physical, id } = await schemaIdOf(deps, topic)
    const encoded = encodeWire(id, value)
    // The active span's traceparent rides along, so the consumer's span continues this trace.
    const sent = { ...headers, ...traceContextHeaders() }
    await send(physical, [{ key, value: encoded, headers: sent }])
    metrics().messagesPublished.inc({ topic })
  }
}

export function createBatchPublisher(deps: PublisherDeps): PublishBatch {
  return async (topic, messages, options = {}) => {
    const chunk = options.chunk ?? 500
    for (const m of messages) {
      assertEvent(topic, m.value)
      assertKey(m.key)
    }
    const { physical, id } = await schemaIdOf(deps, topic)
    const headers = traceContextHeaders()
    const encoded = messages.map((m) => ({
      key: m.key,
      value: encodeWire(id, m.value),
      headers: { ...headers },
    }))
    for (let i = 0; i < encoded.length; i += chunk) {
      const part = encoded.slice(i, i + chunk)
      await sendOrThrow(await deps.producer(), physical, part)
      metrics().messagesPublished.inc({ topic }, part.length)
    }
  }
}

export type { RawMessage } from './send-queue'

/** Sends and maps kafkajs failures to stage errors (kafkajs marks transient ones `retriable`). */
export async function sendOrThrow(producer: Producer, topic: string, messages: RawMessage[]): Promise<void> {
  await sendBatchOrThrow(producer, [{ topic, messages }])
}

/** Several topics' messages in one produce request per broker (`sendBatch`), failures mapped as above. */
export async function sendBatchOrThrow(producer: Producer, batches: TopicBatch[]): Promise<void> {
  try {
    if (batches.length === 1) await producer.send({ ...batches[0]!, acks: -1 })
    else await producer.sendBatch({ topicMessages: batches, acks: -1 })
  } catch (error) {
    const retriable = (error as { retriable?: unknown }).retriable
    const topics = batches.map((b) => b.topic).join(', ')
    throw new KafkaStageError(
      'publish_failed',
      `sending to ${topics} failed: ${error instanceof Error ? error.message : String(error)}`,
      { retryable: retriable !== false, cause: error },
    )
  }
}
