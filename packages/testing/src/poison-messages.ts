/**
 * Poison for fault tests: messages a consumer cannot use, written straight to a topic as a buggy or
 * hostile producer would — bypassing the validation every real publisher in @rv/kafka applies.
 */
import { Kafka, logLevel } from 'kafkajs'

export interface PoisonTarget {
  brokers: string[]
  /** Confluent-compatible registry base URL, to frame one message with the topic's real schema id. */
  registryUrl: string
}

/**
 * Sends two poison messages to `topic`, keyed by `key`: bytes that are not in the registry's wire format
 * (undecodable), and a correctly framed message whose JSON breaks the topic's schema (invalid). Returns
 * how many were sent.
 */
export async function sendPoison(target: PoisonTarget, topic: string, key: string): Promise<number> {
  const messages = [{ key, value: Buffer.from('this is not an event') }]
  const id = await latestSchemaId(target.registryUrl, `${topic}-value`)
  if (id !== undefined) {
    const framed = Buffer.alloc(5)
    framed.writeUInt8(0, 0)
    framed.writeUInt32BE(id, 1)
    messages.push({ key, value: Buffer.concat([framed, Buffer.from(JSON.stringify({ check_id: 42 }))]) })
  }
  const producer = new Kafka({
    clientId: 'rv-testing-poison',
    brokers: target.brokers,
    logLevel: logLevel.NOTHING,
  }).producer()
  await producer.connect()
  try {
    await producer.send({ topic, messages })
  } finally {
    await producer.disconnect()
  }
  return messages.length
}

/** Messages ever written to a topic (sum of its partitions' high watermarks; 0 when it does not exist). */
export async function topicMessageCount(brokers: string[], topic: string): Promise<number> {
  const admin = new Kafka({ clientId: 'rv-testing-count', brokers, logLevel: logLevel.NOTHING }).admin()
  await admin.connect()
  try {
    if (!(await admin.listTopics()).includes(topic)) return 0
    const offsets = await admin.fetchTopicOffsets(topic)
    return offsets.reduce((sum, p) => sum + Number(p.high), 0)
  } finally {
    await admin.disconnect()
  }
}

async function latestSchemaId(registryUrl: string, subject: string): Promise<number | undefined> {
  const res = await fetch(`${registryUrl}/subjects/${encodeURIComponent(subject)}/versions/latest`)
  if (!res.ok) return undefined
  const body = (await res.json()) as { id?: number }
  return body.id
}
