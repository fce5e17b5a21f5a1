/**
 * Readiness of a consumer service: not ready until its consumer is handed over (start-up still running),
 * then exactly as long as every consumer reports itself running (a crash or stop turns it off).
 */
import type { ConsumerHandle } from '@rv/kafka'
import type { Readiness } from './health-server'

export interface ConsumerReadiness {
  /** Starts reporting on `handle` (called once the consumer has started). */
  watch(handle: Pick<ConsumerHandle, 'isRunning'>): void
  readiness(): Readiness
}

/**
 * @example
 * const ready = createConsumerReadiness()
 * const health = await startHealthServer({ host, port, readiness: ready.readiness })
 * ready.watch(await bus.consume({ ... }))
 */
export function createConsumerReadiness(): ConsumerReadiness {
  const handles: Pick<ConsumerHandle, 'isRunning'>[] = []
  return {
    watch: (handle) => void handles.push(handle),
    readiness: () => {
      if (handles.length === 0) return { ready: false, reason: 'consumer_starting' }
      if (handles.some((h) => !h.isRunning())) return { ready: false, reason: 'consumer_not_running' }
      return { ready: true }
    },
  }
}
