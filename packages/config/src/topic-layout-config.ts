/**
 * How the topics are laid out on the cluster: partitions (the ceiling of useful replicas per consumer
 * group) and replication. Read once here; `ensureTopics` in @rv/kafka creates missing topics with it and
 * grows existing ones that have fewer partitions (never shrinks: Kafka cannot).
 */
import type { EnvReader } from './env-reader'

export interface TopicLayoutConfig {
  /** Partitions of every topic without an override. */
  partitions: number
  /** Logical topic name -> partitions, overriding `partitions` (e.g. the slowest stage's input). */
  partitionsByTopic: Readonly<Record<string, number>>
  replicationFactor: number
  /** `min.insync.replicas` set on created topics; undefined leaves the broker's default. */
  minInsyncReplicas: number | undefined
  /** `retention.ms` of the event topics (personal data: docs/data-retention.md); -1 keeps forever. */
  retentionMs: number
  /** `retention.ms` of the dead-letter topic. */
  deadLetterRetentionMs: number
}

/** With three or more replicas, acks=all then survives one broker down and still refuses a lone writer. */
const defaultMinInsyncAtReplication3 = 2

export function readTopicLayout(r: EnvReader): TopicLayoutConfig {
  const partitions = r.int('KAFKA_TOPIC_PARTITIONS', {
    doc: 'Partitions of each topic created (existing topics with fewer are grown)',
    default: 3,
    min: 1,
  })
  const overrides = r.optionalString('KAFKA_PARTITIONS_BY_TOPIC', {
    doc: 'Per-topic partitions, e.g. check.extracted.v1=12,check.submitted.v1=6',
  })
  const replicationFactor = r.int('KAFKA_REPLICATION_FACTOR', {
    doc: 'Replication factor of each topic created',
    default: 1,
    min: 1,
  })
  const explicitMinInsync = r.optionalInt('KAFKA_MIN_INSYNC_REPLICAS', {
    doc: 'min.insync.replicas of each topic created; unset: 2 when the replication factor is >= 3, else the broker default',
    min: 1,
  })
  if (explicitMinInsync !== undefined && explicitMinInsync > replicationFactor)
    r.problem(
      `KAFKA_MIN_INSYNC_REPLICAS (${explicitMinInsync}) must be <= KAFKA_REPLICATION_FACTOR (${replicationFactor})`,
    )
  const retentionMs = r.int('KAFKA_TOPIC_RETENTION_MS', {
    doc: 'retention.ms of each event topic, set on created and existing topics (-1: forever)',
    default: 7 * 24 * 60 * 60 * 1000,
    min: -1,
  })
  const deadLetterRetentionMs = r.int('KAFKA_DEAD_LETTER_RETENTION_MS', {
    doc: 'retention.ms of the dead-letter topic (-1: forever)',
    default: 14 * 24 * 60 * 60 * 1000,
    min: -1,
  })
  return {
    retentionMs,
    deadLetterRetentionMs,
    partitions,
    partitionsByTopic: parsePartitionOverrides(r, overrides),
    replicationFactor,
    minInsyncReplicas:
      explicitMinInsync ?? (replicationFactor >= 3 ? defaultMinInsyncAtReplication3 : undefined),
  }
}

function parsePartitionOverrides(r: EnvReader, text: string | undefined): Record<string, number> {
  const byTopic: Record<string, number> = {}
  for (const item of (text ?? '').split(',').map((s) => s.trim())) {
    if (item === '') continue
    const match = /^([A-Za-z0-9._-]+)=(\d+)$/.exec(item)
    const count = match ? Number(match[2]) : 0
    if (!match?.[1] || count < 1) {
      r.problem(`KAFKA_PARTITIONS_BY_TOPIC: "${item}" is not <topic>=<partitions >= 1>`)
      continue
    }
    byTopic[match[1]] = count
  }
  return byTopic
}
