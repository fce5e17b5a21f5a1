/** Waiting between retries without losing the consumer group membership, and giving up on shutdown. */

export class ShutdownInProgressError extends Error {
  constructor() {
    super('consumer is shutting down; the message will be redelivered')
    this.name = 'ShutdownInProgressError'
  }
}

export async function sleepWithHeartbeats(
  totalMs: number,
  heartbeatIntervalMs: number,
  heartbeat: () => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  let left = totalMs
  while (left > 0) {
    if (signal.aborted) throw new ShutdownInProgressError()
    const step = Math.min(left, heartbeatIntervalMs)
    await abortableSleep(step, signal)
    left -= step
    if (signal.aborted) throw new ShutdownInProgressError()
    await heartbeat().catch(() => undefined)
  }
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}
