/**
 * Applies the topic plan (topic-layout.ts) through the admin client. Every replica of every service runs this
 * at start-up, concurrently: creating a topic another replica just created is a no-op in kafkajs, and growing
 * partitions another replica just grew fails on the broker (INVALID_PARTITIONS), which is accepted once the
 * metadata shows the configured count.
 */
import type { Admin } from 'kafkajs'
import type { BusLogger } from './bus-logger'
import { type ExistingTopic, planTopics, type TopicLayout } from './topic-layout'
import { allTopics, physicalTopic } from './topics'

/** Partition count and replication factor of those of this system's topics that exist. */
async function describeExisting(admin: Admin, prefix: string): Promise<Map<string, ExistingTopic>> {
  const listed = new Set(await admin.listTopics())
  const ours = allTopics.map((t) => physicalTopic(prefix, t)).filter((t) => listed.has(t))
  const existing = new Map<string, ExistingTopic>()
  if (ours.length === 0) return existing
  const { topics } = await admin.fetchTopicMetadata({ topics: ours })
  for (const { name, partitions } of topics)
    existing.set(name, {
      partitions: partitions.length,
      replicationFactor: Math.max(0, ...partitions.map((p) => p.replicas.length)),
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
    await admin.createTopics({ waitForLeaders: true, topics: plan.create })
    logger.info('topics created', {
      topics: plan.create.map((t) => t.topic),
      replication_factor: layout.replicationFactor,
    })
  }
  if (plan.grow.length > 0) {
    try {
      await admin.createPartitions({ topicPartitions: plan.grow })
    } catch (error) {
      const now = await describeExisting(admin, prefix)
      if (plan.grow.some((g) => (now.get(g.topic)?.partitions ?? 0) < g.count)) throw error
    }
    logger.info('topic partitions grown', { topics: plan.grow.map((g) => `${g.topic}=${g.count}`) })
  }
  for (const { topic, reason } of plan.keep) {
    const key = `${topic}: ${reason}`
    if (noted.has(key)) continue
    noted.add(key)
    logger.warn('topic layout differs from the configuration; left as is', { topic, reason })
  }
}
