/**
 * Decoding at the consumer boundary: registry wire format -> JSON value validated against this build's
 * schema for the topic, so the handler gets a value its generated type describes. A message written with
 * another schema (an older or newer producer) is first validated against that writer's schema, fetched by
 * id through the registry client; one written with this build's schema (`buildSchemaId`, the usual case)
 * is validated once, since both validations would be the same. Malformed input is permanent; an
 * unreachable registry is not.
 */
import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry'
import { KafkaStageError } from './errors'
import { assertEvent } from './event-validator'
import { registryError } from './registry'
import type { EventTopic, EventValueByTopic } from './topics'
import { parseWirePayload, schemaIdOf } from './wire-format'

export async function decodeEvent<T extends EventTopic>(
  registry: SchemaRegistry,
  topic: T,
  bytes: Buffer | null,
  /** Id of this build's schema for `topic`, when known (registered or looked up by this process). */
  buildSchemaId?: number,
): Promise<EventValueByTopic[T]> {
  if (!bytes || bytes.length === 0) {
    throw new KafkaStageError('undecodable_event', `${topic} message has no value`, { retryable: false })
  }
  // Confluent wire format: magic byte 0, 4-byte schema id, payload.
  const schemaId = schemaIdOf(bytes)
  if (schemaId === undefined) {
    throw new KafkaStageError(
      'undecodable_event',
      `${topic} message is not in the schema registry wire format`,
      {
        retryable: false,
      },
    )
  }
  const value =
    buildSchemaId !== undefined && schemaId === buildSchemaId
      ? parseOwn(topic, bytes)
      : await decodeForeign(registry, topic, bytes)
  assertEvent(topic, value)
  return value
}

/** Written with this build's schema: only the parse here, the validation is `assertEvent`'s. */
function parseOwn(topic: EventTopic, bytes: Buffer): unknown {
  try {
    return parseWirePayload(bytes)
  } catch (error) {
    throw new KafkaStageError(
      'undecodable_event',
      `${topic} message could not be decoded: ${(error as Error).message}`,
      {
        retryable: false,
        cause: error,
      },
    )
  }
}

/** Written with another schema: the registry client fetches it by id and validates against it. */
async function decodeForeign(registry: SchemaRegistry, topic: EventTopic, bytes: Buffer): Promise<unknown> {
  try {
    return await registry.decode(bytes)
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
}
