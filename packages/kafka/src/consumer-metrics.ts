/**
 * What a consumer records about itself: per-message time and outcome, retries and dead letters by stage
 * and code, and lag per partition from kafkajs's batch events (no admin round trip: the fetch already
 * carries the partition's high watermark). Lag is as of the last batch fetched: a partition with nothing new
 * keeps its last value, and a batch held by a slow handler counts itself until it ends.
 */
import { metrics } from '@rv/observability'
import type { Consumer } from 'kafkajs'
import { logicalTopic } from './topics'

export type MessageOutcome = 'ok' | 'dead_lettered'

/** Follows the lag of every partition `consumer` is fetching, labelled with its group. */
export function watchConsumerLag(consumer: Consumer, group: string, prefix: string): void {
  const set = (topic: string, partition: number, lag: string) =>
    metrics().consumerLag.set(
      { group, topic: logicalTopic(prefix, topic), partition },
      Math.max(0, Number(lag)),
    )
  // At the start the batch itself is still to do (offsetLagLow counts from its first offset); at the end
  // only what arrived after it.
  consumer.on(consumer.events.START_BATCH_PROCESS, ({ payload }) =>
    set(payload.topic, payload.partition, payload.offsetLagLow),
  )
  consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) =>
    set(payload.topic, payload.partition, payload.offsetLag),
  )
}

/** A handler attempt that threw: counted as a retry, or as a dead letter when it was the last. */
export function recordFailedAttempt(stage: string, topic: string, code: string, retried: boolean): void {
  if (retried) metrics().retries.inc({ stage, topic, code })
  else metrics().deadLetters.inc({ stage, topic, code })
}

/** A message finished (handled, or given up), with the time spent on it, retries included. */
export function recordMessage(stage: string, topic: string, outcome: MessageOutcome, seconds: number): void {
  const m = metrics()
  m.stageDuration.observe({ stage, topic, outcome }, seconds)
  m.messagesProcessed.inc({ stage, topic, outcome })
}
