import { Kafka, logLevel } from 'kafkajs'

/** Deletes the given topics; topics that do not exist (never created, already gone) are skipped. */
export async function deleteTopics(brokers: string[], topics: string[]): Promise<void> {
  if (topics.length === 0) return
  const admin = new Kafka({ clientId: 'rv-testing-cleanup', brokers, logLevel: logLevel.NOTHING }).admin()
  await admin.connect()
  try {
    const existing = new Set(await admin.listTopics())
    const mine = topics.filter((t) => existing.has(t))
    if (mine.length > 0) await admin.deleteTopics({ topics: mine })
  } finally {
    await admin.disconnect()
  }
}
