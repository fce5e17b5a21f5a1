/**
 * Completion as a downstream subscriber sees it: a consumer group of its own on check.completed.v1,
 * decoded and validated through the schema registry by @rv/kafka. Counts every delivery per check, so a
 * completion published twice (a sweeper repair after a crash between publish and flag) shows up.
 */
import { createEventBus, type EventBus } from '@rv/kafka'

export interface Completion {
  /** How many check.completed.v1 events arrived for the check. */
  count: number
  /** performance.now() of the first one. */
  firstAt: number
  status: string
  errorCode: string | undefined
  /** The record's own cost.latency_ms (created_at -> terminal, server clocks). */
  latencyMs: number | null
}

export interface CompletionWatcher {
  readonly completions: ReadonlyMap<string, Completion>
  /** Resolves when every id has completed or at `deadline` (performance.now() time), whichever is first. */
  waitFor(ids: Iterable<string>, deadline: number): Promise<void>
  close(): Promise<void>
}

export interface WatcherOptions {
  brokers: string[]
  registryUrl: string
  topicPrefix: string
  groupId: string
}

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (msg: string, fields?: Readonly<Record<string, unknown>>) =>
    process.stderr.write(`completion watcher: ${msg} ${JSON.stringify(fields ?? {})}\n`),
}

export async function watchCompletions(options: WatcherOptions): Promise<CompletionWatcher> {
  const bus: EventBus = createEventBus({
    brokers: options.brokers,
    clientId: 'rv-bench-watcher',
    registryUrl: options.registryUrl,
    topicPrefix: options.topicPrefix,
    logger: quiet,
    shutdown: false,
  })
  const completions = new Map<string, Completion>()
  await bus.consume({
    groupId: options.groupId,
    topics: ['check.completed.v1'],
    fromBeginning: true,
    partitionsConsumedConcurrently: 3,
    maxWaitTimeMs: 100,
    handle: async ({ key, value }) => {
      const seen = completions.get(key)
      if (seen) {
        seen.count++
        return
      }
      completions.set(key, {
        count: 1,
        firstAt: performance.now(),
        status: value.status,
        errorCode: value.error?.code,
        latencyMs: value.cost.latency_ms,
      })
    },
  })
  return {
    completions,
    async waitFor(ids, deadline) {
      const wanted = [...ids]
      while (performance.now() < deadline && wanted.some((id) => !completions.has(id)))
        await new Promise((r) => setTimeout(r, 100))
    },
    close: () => bus.close(),
  }
}
