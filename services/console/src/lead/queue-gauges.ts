import type { Logger } from '@rv/logger'
import { type Instruments, metrics } from '@rv/observability'
import { type ReviewQueue, type ReviewQueueRepository, reviewQueues } from '@rv/store'

type Waiting = Record<ReviewQueue, { depth: number; oldest: Date | null }>

export interface QueueGaugesDeps {
  queue: Pick<ReviewQueueRepository, 'waitingIn'>
  /** How long one reading of the store serves scrapes: scrapes (and replicas) can't storm the store. */
  cacheMs: number
  now?: () => Date
  instruments?: () => Instruments
  logger?: Pick<Logger, 'warn'>
}

/**
 * `rv_review_queue_depth` and `rv_review_queue_oldest_age_seconds` by queue, set just before a scrape is
 * rendered. The store is read at most once per `cacheMs` (two indexed queries per queue, costing what waits,
 * never what is stored), concurrent scrapes share one reading, and a failed reading keeps the last values
 * for another `cacheMs`. The oldest age is computed at each scrape from the cached time, so it keeps growing
 * between readings.
 *
 * @example
 * const gauges = createQueueGauges({ queue: store.reviewQueue, cacheMs: 15_000 })
 * await gauges.update() // then render the registry
 */
export function createQueueGauges(deps: QueueGaugesDeps) {
  const now = deps.now ?? (() => new Date())
  const instruments = deps.instruments ?? metrics
  let cached: Waiting | undefined
  let readAt = Number.NEGATIVE_INFINITY
  let reading: Promise<void> | undefined

  async function read(): Promise<void> {
    const at = now().getTime()
    try {
      const entries = await Promise.all(
        reviewQueues.map(async (q) => [q, await deps.queue.waitingIn(q)] as const),
      )
      cached = Object.fromEntries(entries) as Waiting
    } catch (err) {
      deps.logger?.warn('review queue gauges not read; the last values stand', { err })
    } finally {
      readAt = at
    }
  }

  return {
    async update(): Promise<void> {
      if (now().getTime() - readAt >= deps.cacheMs) {
        reading ??= read().finally(() => {
          reading = undefined
        })
      }
      if (reading) await reading
      if (!cached) return
      const m = instruments()
      const t = now().getTime()
      for (const lane of reviewQueues) {
        const { depth, oldest } = cached[lane]
        m.reviewQueueDepth.set({ lane }, depth)
        m.reviewQueueOldestAge.set(
          { lane },
          oldest ? Math.max(0, Math.round((t - oldest.getTime()) / 1000)) : 0,
        )
      }
    },
  }
}

export type QueueGauges = ReturnType<typeof createQueueGauges>
