/**
 * Parses `Prefer: wait=N` (RFC 7240) into seconds, capped at `max`; undefined when absent or malformed.
 *
 * @example
 * preferWaitSeconds('respond-async, wait=10', 30) // 10
 */
export function preferWaitSeconds(header: string | undefined, max: number): number | undefined {
  if (!header) return undefined
  for (const token of header.split(',')) {
    const match = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*$/i.exec(token)
    if (match?.[1]) return Math.min(Number(match[1]), max)
  }
  return undefined
}

/**
 * Re-reads until `isDone` holds or `timeoutMs` passed, and returns the last value read.
 * Time and sleep are injected so the gateway can be driven by tests without real waiting.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  options: {
    timeoutMs: number
    intervalMs: number
    now?: () => number
    sleep?: (ms: number) => Promise<void>
  },
): Promise<T> {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const deadline = now() + options.timeoutMs
  let value = await read()
  while (!isDone(value) && now() < deadline) {
    await sleep(Math.min(options.intervalMs, Math.max(0, deadline - now())))
    value = await read()
  }
  return value
}
