import type { ConsumerConfig } from '@rv/config'

/**
 * A service's consumer configuration as `bus.consume` options: partitions at once, and how long and for how
 * many bytes a fetch waits (a feeder's fetch waits for many messages: `feederFetch` in @rv/config).
 *
 * @example
 * bus.consume({ groupId, topics, handle, ...consumerTuning(config.consumer) })
 */
export function consumerTuning(consumer: ConsumerConfig) {
  return {
    partitionsConsumedConcurrently: consumer.concurrency,
    maxWaitTimeMs: consumer.fetchMaxWaitMs,
    minBytes: consumer.fetchMinBytes,
  }
}
