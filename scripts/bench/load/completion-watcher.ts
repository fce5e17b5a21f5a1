/**
 * Completion as a downstream subscriber sees it: a consumer group of its own on check.completed.v1,
 * decoded and validated through the schema registry by @rv/kafka. Counts the completion events per check —
 * distinct messages, by partition and offset — so a completion published twice (a sweeper repair after a
 * crash between publish and flag) shows up, and the watcher's own redelivery of one message (its consumer
 * restarted before committing, as when the broker stops) is counted apart, as `redelivered`.
 */
import { type ConsumedEvent, createEventBus, type EventBus } from '@rv/kafka'

export interface Completion {
  /** How many check.completed.v1 events (distinct messages) arrived for the check. */
  count: number
  /** Deliveries of a message already seen (the watcher's own redelivery, not a second event). */
  redelivered: number
  /** `partition:offset` of each event counted. */
  positions: Set<string>
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
    handle: async (event) => recordCompletion(completions, event, performance.now()),
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

/** Counts one delivery of a completion event into `completions`. */
export function recordCompletion(
  completions: Map<string, Completion>,
  event: Pick<ConsumedEvent<'check.completed.v1'>, 'key' | 'value' | 'partition' | 'offset'>,
  now: number,
): void {
  const position = `${event.partition}:${event.offset}`
  const seen = completions.get(event.key)
  if (!seen) {
    completions.set(event.key, {
      count: 1,
      redelivered: 0,
      positions: new Set([position]),
      firstAt: now,
      status: event.value.status,
      errorCode: event.value.error?.code,
      latencyMs: event.value.cost.latency_ms,
    })
    return
  }
  if (seen.positions.has(position)) {
    seen.redelivered++
    return
  }
  seen.positions.add(position)
  seen.count++
}
