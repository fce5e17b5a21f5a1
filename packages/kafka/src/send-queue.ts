/**
 * Publishes that arrive while a send is in flight leave together: the first goes at once, and what queues up
 * behind it goes as one produce request (`sendBatch`) when it returns — no added latency when idle, fewer
 * requests under concurrency (the gateway's POSTs, consumers on several partitions). Messages keep their call
 * order per topic, so per key; each caller's promise settles with the send its messages were in (a failure
 * fails every caller of that send, each retries as before: at least once, as a single send was).
 */
export interface RawMessage {
  key: Buffer | string | null
  value: Buffer | null
  headers: Record<string, Buffer | string>
}

export interface TopicBatch {
  topic: string
  messages: RawMessage[]
}

interface Queued extends TopicBatch {
  resolve: () => void
  reject: (error: unknown) => void
}

/** Groups by topic in first-seen order, each topic's messages in call order. */
export function groupByTopic(items: readonly TopicBatch[]): TopicBatch[] {
  const byTopic = new Map<string, RawMessage[]>()
  for (const { topic, messages } of items) {
    const list = byTopic.get(topic)
    if (list) list.push(...messages)
    else byTopic.set(topic, [...messages])
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }))
}

export function createSendQueue(send: (batches: TopicBatch[]) => Promise<void>) {
  let queue: Queued[] = []
  let sending = false

  async function drain(): Promise<void> {
    sending = true
    while (queue.length > 0) {
      const taken = queue
      queue = []
      try {
        await send(groupByTopic(taken))
        for (const q of taken) q.resolve()
      } catch (error) {
        for (const q of taken) q.reject(error)
      }
    }
    sending = false
  }

  return (topic: string, messages: RawMessage[]): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push({ topic, messages, resolve, reject })
      if (!sending) void drain()
    })
}
