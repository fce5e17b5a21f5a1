/**
 * Graceful shutdown: on SIGTERM/SIGINT stop consuming and flush producers, but never hang: after
 * `timeoutMs` the process exits anyway (uncommitted messages are redelivered to another member).
 */
import type { BusLogger } from './bus-logger'

export interface ShutdownOptions {
  signals?: readonly NodeJS.Signals[]
  /** Upper bound on the graceful part; default 10 s (Kubernetes waits 30 s before SIGKILL). */
  timeoutMs?: number
  /** Exit the process once closed (default true); false leaves exiting to the caller's own handler. */
  exit?: boolean
}

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`)
    this.name = 'TimeoutError'
  }
}

/** Resolves with `work`, or rejects with TimeoutError after `ms`. */
export async function withTimeout<R>(work: Promise<R>, ms: number, what: string): Promise<R> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Runs `close` once when one of `signals` arrives, then exits (0 when closed in time, 1 otherwise).
 * Returns a function that removes the handlers (called by `close` itself when shutdown starts elsewhere).
 */
export function installShutdownHandler(
  close: () => Promise<void>,
  logger: BusLogger,
  options: ShutdownOptions = {},
): () => void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT']
  const timeoutMs = options.timeoutMs ?? 10_000
  const exit = options.exit ?? true
  let started = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return
    started = true
    logger.info('shutting down', { signal, timeout_ms: timeoutMs })
    withTimeout(close(), timeoutMs, 'graceful shutdown')
      .then(() => {
        logger.info('shut down cleanly', { signal })
        if (exit) process.exit(0)
      })
      .catch((error: unknown) => {
        logger.error('shutdown did not complete', { signal, err: error })
        if (exit) process.exit(1)
      })
  }
  for (const signal of signals) process.on(signal, onSignal)
  return () => {
    for (const signal of signals) process.off(signal, onSignal)
  }
}
