/**
 * Applies the topic plan (topic-layout.ts) through the admin client. Every replica of every service runs this
 * at start-up, concurrently: creating a topic another replica just created is a no-op in kafkajs, and growing
 * partitions another replica just grew fails on the broker (INVALID_PARTITIONS), which is accepted once the
 * metadata shows the configured count.
 *
 * The controller commits a creation or growth before the brokers' metadata caches have it (KRaft propagates
 * it asynchronously; under load for seconds): a metadata request in between answers "This server does not
 * host this topic-partition" or the old partition count. So reading the layout retries that answer, and
 * `ensureTopicLayout` returns only once the metadata shows what it applied — a service that starts
 * consuming or a probe that reads the layout right after sees it.
 */
import type { Admin, ConfigResourceTypes } from 'kafkajs'
import type { BusLogger } from './bus-logger'
import { type ExistingTopic, planRetention, planTopics, type TopicLayout } from './topic-layout'
import { allTopics, physicalTopic } from './topics'

/** `ConfigResourceTypes.TOPIC`: kafkajs's enum is not a named export Node's ESM loader finds in its CommonJS. */
const topicResource = 2 as ConfigResourceTypes

/** How long the metadata may take to show a layout the controller accepted. */
const METADATA_SETTLE_MS = 30_000
const METADATA_POLL_MS = 100

function isMetadataLag(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type
  return type === 'UNKNOWN_TOPIC_OR_PARTITION' || type === 'LEADER_NOT_AVAILABLE'
}

/** `read()` again while the brokers' metadata lags behind the controller, up to METADATA_SETTLE_MS. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean = () => true): Promise<T> {
  const deadline = Date.now() + METADATA_SETTLE_MS
  for (;;) {
    try {
      const value = await read()
      if (done(value) || Date.now() > deadline) return value
    } catch (error) {
      if (!isMetadataLag(error) || Date.now() > deadline) throw error
    }
    await new Promise((r) => setTimeout(r, METADATA_POLL_MS))
  }
}

/** Partition count and replication factor of those of this system's topics that exist. */
function describeExisting(admin: Admin, prefix: string): Promise<Map<string, ExistingTopic>> {
  return settled(() => readExisting(admin, prefix))
}

async function readExisting(admin: Admin, prefix: string): Promise<Map<string, ExistingTopic>> {
  const listed = new Set(await admin.listTopics())
  const ours = allTopics.map((t) => physicalTopic(prefix, t)).filter((t) => listed.has(t))
  const existing = new Map<string, ExistingTopic>()
  if (ours.length === 0) return existing
  const { topics } = await admin.fetchTopicMetadata({ topics: ours })
  for (const { name, partitions } of topics)
    existing.set(name, {
      partitions: partitions.length,
      replicationFactor: Math.max(0, ...partitions.map((p) => p.replicas.length)),
      led: partitions.filter((p) => p.leader >= 0).length,
    })
  return existing
}

/**
 * @param noted differences already logged by this bus (the gateway's readiness probe calls this repeatedly)
 */
export async function ensureTopicLayout(
  admin: Admin,
  layout: TopicLayout,
  prefix: string,
  logger: BusLogger,
  noted: Set<string>,
): Promise<void> {
  const plan = planTopics(layout, prefix, await describeExisting(admin, prefix))
  if (plan.create.length > 0) {
    // Not kafkajs's own wait for leaders: it retries LEADER_NOT_AVAILABLE only, and a broker whose metadata
    // has not caught up answers UNKNOWN_TOPIC_OR_PARTITION, which it throws (seen under load). `settled`
    // waits out both, until every partition has a leader.
    await admin.createTopics({ waitForLeaders: false, topics: plan.create })
    const created = (now: Map<string, ExistingTopic>) =>
      plan.create.every((c) => (now.get(c.topic)?.led ?? 0) >= c.numPartitions)
    if (!created(await settled(() => readExisting(admin, prefix), created)))
      throw new Error(`created topics not visible ${METADATA_SETTLE_MS} ms after creating them`)
    logger.info('topics created', {
      topics: plan.create.map((t) => t.topic),
      replication_factor: layout.replicationFactor,
    })
  }
  if (plan.grow.length > 0) {
    const grown = (now: Map<string, ExistingTopic>) =>
      plan.grow.every((g) => (now.get(g.topic)?.partitions ?? 0) >= g.count)
    try {
      await admin.createPartitions({ topicPartitions: plan.grow })
    } catch (error) {
      // Another replica grew them first (INVALID_PARTITIONS: not more than there are now); the metadata may
      // not show its growth yet, so wait for it before taking the error for a real one.
      if (!grown(await settled(() => readExisting(admin, prefix), grown))) throw error
    }
    if (!grown(await settled(() => readExisting(admin, prefix), grown)))
      throw new Error(`topic partitions not visible ${METADATA_SETTLE_MS} ms after growing them`)
    logger.info('topic partitions grown', { topics: plan.grow.map((g) => `${g.topic}=${g.count}`) })
  }
  // Once per bus: the retention of topics that existed before it was configured (or with another one).
  const retentionChecked = 'retention checked'
  if (!noted.has(retentionChecked) && (layout.retentionMs ?? layout.deadLetterRetentionMs) !== undefined) {
    await applyRetention(admin, layout, prefix, logger)
    noted.add(retentionChecked)
  }
  for (const { topic, reason } of plan.keep) {
    const key = `${topic}: ${reason}`
    if (noted.has(key)) continue
    noted.add(key)
    logger.warn('topic layout differs from the configuration; left as is', { topic, reason })
  }
}

/** The configs set on a topic itself (configSource TOPIC_CONFIG = 1; older brokers: not a default). */
async function readDynamicConfigs(
  admin: Admin,
  topics: string[],
): Promise<Map<string, Record<string, string>>> {
  const configs = new Map<string, Record<string, string>>()
  if (topics.length === 0) return configs
  const { resources } = await admin.describeConfigs({
    includeSynonyms: false,
    resources: topics.map((name) => ({ type: topicResource, name })),
  })
  for (const resource of resources) {
    const set: Record<string, string> = {}
    for (const entry of resource.configEntries) {
      const source = (entry as { configSource?: number }).configSource
      if (source === 1 || (source === undefined && !entry.isDefault))
        set[entry.configName] = entry.configValue
    }
    configs.set(resource.resourceName, set)
  }
  return configs
}

/**
 * Sets the configured `retention.ms` on every topic of ours whose dynamic config differs. Topics this bus just
 * created already have it and are left alone by the comparison, not by a list: a topic another bus created a
 * moment earlier may be missing from our `listTopics`, be "created" again (a no-op) and still need it.
 */
async function applyRetention(
  admin: Admin,
  layout: TopicLayout,
  prefix: string,
  logger: BusLogger,
): Promise<void> {
  const existing = [...(await readExisting(admin, prefix)).keys()]
  const plan = planRetention(layout, prefix, await readDynamicConfigs(admin, existing))
  if (plan.length === 0) return
  await admin.alterConfigs({
    validateOnly: false,
    resources: plan.map((p) => ({
      type: topicResource,
      name: p.topic,
      configEntries: p.configEntries,
    })),
  })
  logger.info('topic retention set', { topics: plan.map((p) => p.topic) })
}
