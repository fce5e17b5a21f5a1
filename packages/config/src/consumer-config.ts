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
  /** Longest a fetch waits for `fetchMinBytes` (kafkajs maxWaitTimeInMs). */
  fetchMaxWaitMs: number
  /** Bytes a fetch waits for before the broker answers (kafkajs minBytes; 1: at once). */
  fetchMinBytes: number
}

export interface ConsumerDefaults {
  concurrency?: number
  /**
   * Off the latency path (settlement, webhooks): a fetch waits up to this long for `fetchMinBytes`, so one
   * round trip brings many messages. Stages answer at once (1 byte, 1 s: kafkajs's wait when idle).
   */
  fetchMaxWaitMs?: number
  fetchMinBytes?: number
}

/**
 * A feeder's fetch (settlement, webhooks, the console's queue): off the latency path, so a fetch waits up to
 * half a second for 64 KiB — about a second's check.completed.v1 records at 20 checks/s — instead of
 * answering for each message (docs/capacity.md, eighth session).
 */
export const feederFetch = { fetchMaxWaitMs: 500, fetchMinBytes: 65_536 } as const

/** The default concurrency is the default partition count (3): every partition of a lone replica moves at once. */
export function readConsumer(r: EnvReader, defaults: ConsumerDefaults = {}): ConsumerConfig {
  return {
    concurrency: r.int('CONSUMER_CONCURRENCY', {
      doc: 'Partitions a consumer process handles at once (kafkajs partitionsConsumedConcurrently)',
      default: defaults.concurrency ?? 3,
      min: 1,
      max: 64,
    }),
    fetchMaxWaitMs: r.int('CONSUMER_FETCH_MAX_WAIT_MS', {
      doc: 'Longest a fetch waits for CONSUMER_FETCH_MIN_BYTES (kafkajs maxWaitTimeInMs)',
      default: defaults.fetchMaxWaitMs ?? 1000,
      min: 10,
      max: 30_000,
    }),
    fetchMinBytes: r.int('CONSUMER_FETCH_MIN_BYTES', {
      doc: 'Bytes a fetch waits for before the broker answers (kafkajs minBytes; 1: at once)',
      default: defaults.fetchMinBytes ?? 1,
      min: 1,
      max: 52_428_800,
    }),
  }
}
