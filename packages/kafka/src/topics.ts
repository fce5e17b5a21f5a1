/**
 * Topic names and the topic -> value type map. Event topics and their schemas come from @rv/schemas
 * (generated from schemas/json/events); the dead-letter topic carries raw bytes and has no schema.
 * A `prefix` (tests, parallel runs) is prepended to every physical topic name; code always speaks logical names.
 */
import { type EventTopic, type EventValueByTopic, eventSchemas, eventTopics } from '@rv/schemas'

export type { EventTopic, EventValueByTopic }
export { eventSchemas, eventTopics }

export const deadLetterTopic = 'check.dead-letter.v1'

/** Every topic the system uses, in the order they are created. */
export const allTopics: readonly string[] = [...eventTopics, deadLetterTopic]

/** The value type of an event topic. */
export type TopicValue<T extends EventTopic> = EventValueByTopic[T]

export function isEventTopic(topic: string): topic is EventTopic {
  return (eventTopics as readonly string[]).includes(topic)
}

export function physicalTopic(prefix: string, topic: string): string {
  return `${prefix}${topic}`
}

export function logicalTopic(prefix: string, physical: string): string {
  if (!physical.startsWith(prefix)) throw new Error(`topic ${physical} lacks prefix ${prefix}`)
  return physical.slice(prefix.length)
}

/** Value subject of a physical topic (Confluent TopicNameStrategy). */
export function valueSubject(physical: string): string {
  return `${physical}-value`
}
