/**
 * The process's metrics: no-ops until `enableMetrics` (called once by a service's composition root when
 * METRICS_ENABLED is on), so libraries record unconditionally and pay nothing when metrics are off or in
 * unit tests of other packages.
 */
import { collectDefaultMetrics, Registry } from 'prom-client'
import { createInstruments, type Instruments } from './instruments'

const noop = { inc: () => undefined, set: () => undefined, observe: () => undefined }
const noopInstruments = new Proxy({} as Instruments, { get: () => noop })

let current: Instruments = noopInstruments
let registry: Registry | undefined

/** The instruments to record into (no-ops while metrics are disabled). */
export function metrics(): Instruments {
  return current
}

/**
 * Creates the registry (process and Node.js default metrics included, every series labelled with
 * `service`) and switches recording on. Idempotent per process.
 *
 * @example
 * enableMetrics({ service: 'matching' })
 * metrics().messagesPublished.inc({ topic: 'check.matched.v1' })
 */
export function enableMetrics(options: { service: string }): Registry {
  if (registry) return registry
  registry = new Registry()
  registry.setDefaultLabels({ service: options.service })
  collectDefaultMetrics({ register: registry })
  current = createInstruments(registry)
  return registry
}

/** The exposition (text format 0.0.4) of the enabled registry; undefined while metrics are disabled. */
export async function renderMetrics(): Promise<{ contentType: string; body: string } | undefined> {
  if (!registry) return undefined
  return { contentType: registry.contentType, body: await registry.metrics() }
}

/** Seconds elapsed since `start` (a `performance.now()` reading). */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000
}

/**
 * Runs `call` and hands `record` its outcome (`ok`, or `error` when it threw; the throw is passed on) and
 * the seconds it took.
 *
 * @example
 * const bytes = await timed(() => s3.get(key), (outcome, s) => metrics().s3Duration.observe({ operation: 'get', outcome }, s))
 */
export async function timed<R>(
  call: () => Promise<R>,
  record: (outcome: 'ok' | 'error', seconds: number) => void,
): Promise<R> {
  const started = performance.now()
  let outcome: 'ok' | 'error' = 'error'
  try {
    const result = await call()
    outcome = 'ok'
    return result
  } finally {
    record(outcome, secondsSince(started))
  }
}
