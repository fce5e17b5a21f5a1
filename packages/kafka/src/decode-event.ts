/**
 * Decoding at the consumer boundary: registry wire format -> JSON value validated against the writer's
 * schema (by the registry client) and then against this build's schema for the topic, so the handler gets
 * a value its generated type describes. Malformed input is permanent; an unreachable registry is not.
 */
import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry'
import { KafkaStageError } from './errors'
import { assertEvent } from './event-validator'
import { registryError } from './registry'
import type { EventTopic, EventValueByTopic } from './topics'

export async function decodeEvent<T extends EventTopic>(
  registry: SchemaRegistry,
  topic: T,
  bytes: Buffer | null,
): Promise<EventValueByTopic[T]> {
  if (!bytes || bytes.length === 0) {
    throw new KafkaStageError('undecodable_event', `${topic} message has no value`, { retryable: false })
  }
  // Confluent wire format: magic byte 0, 4-byte schema id, payload.
  if (bytes.length < 5 || bytes[0] !== 0) {
    throw new KafkaStageError(
      'undecodable_event',
      `${topic} message is not in the schema registry wire format`,
      {
        retryable: false,
      },
    )
  }
  let value: unknown
  try {
    value = await registry.decode(bytes)
  } catch (error) {
    // The registry client does not export its error classes; their names are set from the class names.
    const name = (error as { name?: unknown } | null)?.name
    const message = error instanceof Error ? error.message : String(error)
    if (name === 'ConfluentSchemaRegistryValidationError') {
      throw new KafkaStageError('invalid_event', `${topic} value does not match its writer schema`, {
        retryable: false,
        cause: error,
      })
    }
    if (error instanceof SyntaxError || name === 'ConfluentSchemaRegistryArgumentError') {
      throw new KafkaStageError('undecodable_event', `${topic} message could not be decoded: ${message}`, {
        retryable: false,
        cause: error,
      })
    }
    throw registryError(error, `decoding ${topic}`)
  }
  assertEvent(topic, value)
  return value
}
