/**
 * What `ensureTopics` should do, decided from the configured layout and what the cluster already has:
 * create missing topics, grow topics with fewer partitions than configured, and never shrink one (Kafka
 * cannot; a topic an operator grew beyond the configuration keeps its partitions). Pure, so it is unit-tested
 * without a broker; event-bus.ts applies the plan through the admin client.
 */
import { allTopics, deadLetterTopic, physicalTopic } from './topics'

export interface TopicLayout {
  /** Partitions of every topic without an override. */
  partitions: number
  /** Logical topic name -> partitions; names must be topics of this system. */
  partitionsByTopic?: Readonly<Record<string, number>>
  replicationFactor: number
  /** `min.insync.replicas` of created topics; undefined leaves the broker's default. */
  minInsyncReplicas?: number
  /**
   * `retention.ms` of the event topics (their messages carry personal data); -1 keeps forever, undefined
   * leaves the broker's default. Set on created topics and on existing ones (docs/data-retention.md).
   */
  retentionMs?: number
  /** `retention.ms` of the dead-letter topic (raw payloads, kept longer for an operator to look). */
  deadLetterRetentionMs?: number
}

export interface TopicToCreate {
  topic: string
  numPartitions: number
  replicationFactor: number
  configEntries: { name: string; value: string }[]
}

export interface TopicPlan {
  create: TopicToCreate[]
  /** Existing topics with fewer partitions than configured: grow to `count`. */
  grow: { topic: string; count: number }[]
  /** Existing topics that differ in a way this code does not change (more partitions, other replication). */
  keep: { topic: string; reason: string }[]
}

/** What an existing physical topic has, from the cluster's metadata. */
export interface ExistingTopic {
  partitions: number
  replicationFactor: number
  /** Partitions the metadata shows with a leader (unset: not read). */
  led?: number
}

/** Throws when an override names a topic this system does not have (a typo would otherwise do nothing). */
export function validateTopicLayout(layout: TopicLayout): void {
  const unknown = Object.keys(layout.partitionsByTopic ?? {}).filter((t) => !allTopics.includes(t))
  if (unknown.length > 0)
    throw new Error(
      `partition overrides name unknown topics: ${unknown.join(', ')} (known: ${allTopics.join(', ')})`,
    )
  if (layout.minInsyncReplicas !== undefined && layout.minInsyncReplicas > layout.replicationFactor)
    throw new Error(
      `min.insync.replicas ${layout.minInsyncReplicas} exceeds the replication factor ${layout.replicationFactor}`,
    )
}

export function partitionsOf(layout: TopicLayout, logical: string): number {
  return layout.partitionsByTopic?.[logical] ?? layout.partitions
}

/**
 * @example
 * planTopics({ partitions: 6, replicationFactor: 3, minInsyncReplicas: 2 }, '', new Map([['check.submitted.v1', { partitions: 3, replicationFactor: 3 }]]))
 * // grows check.submitted.v1 to 6 and creates the other topics with 6 partitions, RF 3, min.insync.replicas 2
 */
export function planTopics(
  layout: TopicLayout,
  prefix: string,
  existing: ReadonlyMap<string, ExistingTopic>,
): TopicPlan {
  const plan: TopicPlan = { create: [], grow: [], keep: [] }
  for (const logical of allTopics) {
    const topic = physicalTopic(prefix, logical)
    const wanted = partitionsOf(layout, logical)
    const have = existing.get(topic)
    if (!have) {
      plan.create.push({
        topic,
        numPartitions: wanted,
        replicationFactor: layout.replicationFactor,
        configEntries: [
          ...(layout.minInsyncReplicas === undefined
            ? []
            : [{ name: 'min.insync.replicas', value: String(layout.minInsyncReplicas) }]),
          ...retentionEntries(layout, logical),
        ],
      })
      continue
    }
    if (have.partitions < wanted) plan.grow.push({ topic, count: wanted })
    else if (have.partitions > wanted)
      plan.keep.push({
        topic,
        reason: `has ${have.partitions} partitions, configured ${wanted}; never shrunk`,
      })
    if (have.replicationFactor !== layout.replicationFactor)
      plan.keep.push({
        topic,
        reason: `replication factor ${have.replicationFactor}, configured ${layout.replicationFactor}; change it with a partition reassignment`,
      })
  }
  return plan
}

/** The configured `retention.ms` of a logical topic, or undefined (the broker's default). */
export function retentionOf(layout: TopicLayout, logical: string): number | undefined {
  return logical === deadLetterTopic ? layout.deadLetterRetentionMs : layout.retentionMs
}

function retentionEntries(layout: TopicLayout, logical: string): { name: string; value: string }[] {
  const ms = retentionOf(layout, logical)
  return ms === undefined ? [] : [{ name: 'retention.ms', value: String(ms) }]
}

export interface TopicToConfigure {
  topic: string
  /** Every dynamic config the topic keeps: the AlterConfigs request replaces the whole set. */
  configEntries: { name: string; value: string }[]
}

/**
 * Existing topics whose `retention.ms` differs from the configured one, each with its full set of dynamic
 * configs (kafkajs's AlterConfigs is not incremental: what the request leaves out is reset).
 *
 * @param dynamicConfigs physical topic -> the configs set on it (not the broker's defaults)
 */
export function planRetention(
  layout: TopicLayout,
  prefix: string,
  dynamicConfigs: ReadonlyMap<string, Readonly<Record<string, string>>>,
): TopicToConfigure[] {
  const plan: TopicToConfigure[] = []
  for (const logical of allTopics) {
    const topic = physicalTopic(prefix, logical)
    const wanted = retentionOf(layout, logical)
    const have = dynamicConfigs.get(topic)
    if (wanted === undefined || have === undefined || have['retention.ms'] === String(wanted)) continue
    const entries = { ...have, 'retention.ms': String(wanted) }
    plan.push({ topic, configEntries: Object.entries(entries).map(([name, value]) => ({ name, value })) })
  }
  return plan
}
