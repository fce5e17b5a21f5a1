import { Kafka, logLevel } from 'kafkajs'

/** Partition count of each given topic, from the broker's metadata (tests assert the layout a service created). */
export async function topicPartitionCounts(
  brokers: string[],
  topics: string[],
): Promise<Record<string, number>> {
  const admin = new Kafka({ clientId: 'rv-testing-metadata', brokers, logLevel: logLevel.NOTHING }).admin()
  await admin.connect()
  try {
    const metadata = await admin.fetchTopicMetadata({ topics })
    return Object.fromEntries(metadata.topics.map((t) => [t.name, t.partitions.length]))
  } finally {
    await admin.disconnect()
  }
}
