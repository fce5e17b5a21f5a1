/**
 * The commits of a consumer with `holdOffsets` (offset-holds.ts): every `intervalMs` the points that moved
 * are committed with kafkajs `commitOffsets`, one call at a time, and once more when the consumer stops. A
 * commit that fails (a rebalance in progress, the coordinator away) is logged and tried again at the next
 * tick with the points then due; nothing is lost by a late commit, only redelivered after a crash.
 */
import type { Consumer } from 'kafkajs'
import type { BusLogger } from './bus-logger'
import type { OffsetHolds } from './offset-holds'

export interface HeldCommits {
  /** Commits what is due now (the call in flight, if one is). */
  commit(): Promise<void>
  stop(): void
}

/**
 * @example
 * const commits = startHeldCommits(consumer, holds, 1000, log)
 * // ... on stop:
 * commits.stop(); await commits.commit(); await consumer.disconnect()
 */
export function startHeldCommits(
  consumer: Pick<Consumer, 'commitOffsets'>,
  holds: OffsetHolds,
  intervalMs: number,
  log: BusLogger,
): HeldCommits {
  let inFlight: Promise<void> | undefined
  const commit = (): Promise<void> => {
    if (inFlight) return inFlight
    const takenIn = holds.generation()
    const points = holds.due()
    if (points.length === 0) return Promise.resolve()
    inFlight = consumer
      .commitOffsets(points)
      .then(
        () => holds.committed(points, takenIn),
        (error: unknown) =>
          log.warn('offset commit failed; retried at the next interval', {
            error: error instanceof Error ? error.message : String(error),
            partitions: points.length,
          }),
      )
      .finally(() => {
        inFlight = undefined
      })
    return inFlight
  }
  const timer = setInterval(() => void commit(), intervalMs)
  timer.unref()
  return { commit, stop: () => clearInterval(timer) }
}
