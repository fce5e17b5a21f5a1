/**
 * Operator tool: sends dead letters back to the topics they came from, once the cause is fixed. The
 * original key, bytes and headers go back unchanged (the dead-letter headers are dropped, a
 * `x-replayed-from` header is added), so the stage sees the message as if it were new. A consumer group
 * remembers how far the dead-letter topic was replayed: running it twice replays nothing twice.
 */
import type { Kafka, Producer } from 'kafkajs'
import { type DeadLetterInfo, deadLetterHeader, readDeadLetterHeaders } from './dead-letter'
import { readHeaders } from './message-headers'
import { sendOrThrow } from './publisher'
import { deadLetterTopic, isEventTopic, physicalTopic } from './topics'

export interface ReplayOptions {
  /** Group that records replay progress (default `rv-dead-letter-replay`). */
  groupId?: string
  /** Which dead letters to send back; the others are passed over for good by this group. */
  filter?: (info: DeadLetterInfo & { key: string | null }) => boolean
}

export interface ReplayReport {
  replayed: number
  passedOver: number
}

export const replayedFromHeader = 'x-replayed-from'

export async function replayDeadLetters(
  deps: { kafka: Kafka; producer: () => Promise<Producer>; prefix: string },
  options: ReplayOptions = {},
): Promise<ReplayReport> {
  const groupId = options.groupId ?? 'rv-dead-letter-replay'
  const topic = physicalTopic(deps.prefix, deadLetterTopic)
  const remaining = await partitionsToRead(deps.kafka, groupId, topic)
  const report: ReplayReport = { replayed: 0, passedOver: 0 }
  if (remaining.size === 0) return report

  const consumer = deps.kafka.consumer({ groupId, maxWaitTimeInMs: 500, allowAutoTopicCreation: false })
  let finish: (error?: unknown) => void = () => undefined
  const finished = new Promise<void>((resolve, reject) => {
    finish = (error) => (error === undefined ? resolve() : reject(error))
  })
  try {
    await consumer.connect()
    await consumer.subscribe({ topics: [topic], fromBeginning: true })
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        const lastOffset = remaining.get(partition)
        // Records written after the replay started are left for the next run.
        if (lastOffset === undefined || BigInt(message.offset) > lastOffset) return
        try {
          const headers = readHeaders(message.headers)
          const info = readDeadLetterHeaders(headers)
          const key = message.key?.toString('utf8') ?? null
          if (info && isEventTopic(info.originalTopic) && (options.filter?.({ ...info, key }) ?? true)) {
            const dlq = new Set<string>(Object.values(deadLetterHeader))
            const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !dlq.has(name)))
            await sendOrThrow(await deps.producer(), physicalTopic(deps.prefix, info.originalTopic), [
              {
                key: message.key,
                value: message.value,
                headers: {
                  ...kept,
                  [replayedFromHeader]: `${deadLetterTopic}/${partition}/${message.offset}`,
                },
              },
            ])
            report.replayed++
          } else report.passedOver++
          await consumer.commitOffsets([
            { topic, partition, offset: (BigInt(message.offset) + 1n).toString() },
          ])
          if (BigInt(message.offset) >= lastOffset) remaining.delete(partition)
          if (remaining.size === 0) finish()
        } catch (error) {
          finish(error)
          throw error
        }
      },
    })
    await finished
  } finally {
    await consumer.disconnect()
  }
  return report
}

/** Partition -> last offset to replay, for partitions holding records this group has not handled yet. */
async function partitionsToRead(kafka: Kafka, groupId: string, topic: string): Promise<Map<number, bigint>> {
  const admin = kafka.admin()
  await admin.connect()
  try {
    const ends = await admin.fetchTopicOffsets(topic)
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] })
    const done = new Map((committed?.partitions ?? []).map((p) => [p.partition, BigInt(p.offset)]))
    const out = new Map<number, bigint>()
    for (const { partition, high, low } of ends) {
      const next = [done.get(partition) ?? -1n, BigInt(low)].reduce((a, b) => (a > b ? a : b))
      if (next < BigInt(high)) out.set(partition, BigInt(high) - 1n)
    }
    return out
  } finally {
    await admin.disconnect()
  }
}
