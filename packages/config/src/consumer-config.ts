/**
 * How a consumer process takes work from its group. Throughput scales two ways, both configuration:
 * - concurrency: partitions one process handles at once (kafkajs `partitionsConsumedConcurrently`) — overlaps
 *   a handler's waits (S3, store, publish acks) with another message's work; it adds no CPU;
 * - replicas: more processes in the same group share the partitions (at most one consumer per partition,
 *   so partitions bound useful replicas x concurrency) — adds CPU.
 * See docs/capacity.md.
 */
import type { EnvReader } from './env-reader'

export interface ConsumerConfig {
  /** Partitions consumed at once by this process; above the partitions it is assigned it changes nothing. */
  concurrency: number
}

/** The default is the default partition count (3): every partition of a lone replica moves at once. */
export function readConsumer(r: EnvReader, defaultConcurrency = 3): ConsumerConfig {
  return {
    concurrency: r.int('CONSUMER_CONCURRENCY', {
      doc: 'Partitions a consumer process handles at once (kafkajs partitionsConsumedConcurrently)',
      default: defaultConcurrency,
      min: 1,
      max: 64,
    }),
  }
}
