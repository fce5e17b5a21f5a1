import type { KafkaMessage } from 'kafkajs'

/** Where a consumed message (or a batch, from its first offset) was read (OpenTelemetry messaging conventions). */
export function offsetSpanAttributes(topic: string, partition: number, offset: string) {
  return {
    'messaging.system': 'kafka',
    'messaging.destination.name': topic,
    'messaging.kafka.partition': partition,
    'messaging.kafka.offset': offset,
  }
}

/** A consumed message's span attributes: where it was read, and the check it carries (its key). */
export function messageSpanAttributes(topic: string, partition: number, message: KafkaMessage) {
  return {
    ...offsetSpanAttributes(topic, partition, message.offset),
    'rv.check_id': message.key?.toString('utf8') ?? '',
  }
}
