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
 * Re-reads until `isDone` holds or `timeoutMs` passed, and returns the last value read. The interval
 * starts at `intervalMs` and doubles up to `maxIntervalMs` (default: no growth): a check done in a second
 * is seen within ~0.2 s of it, and a 30 s `Prefer: wait` costs ~35 store reads instead of 300.
 * Time and sleep are injected so the gateway can be driven by tests without real waiting.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  options: {
    timeoutMs: number
    intervalMs: number
    maxIntervalMs?: number
    now?: () => number
    sleep?: (ms: number) => Promise<void>
  },
): Promise<T> {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const deadline = now() + options.timeoutMs
  const maxIntervalMs = Math.max(options.intervalMs, options.maxIntervalMs ?? options.intervalMs)
  let intervalMs = options.intervalMs
  let value = await read()
  while (!isDone(value) && now() < deadline) {
    await sleep(Math.min(intervalMs, Math.max(0, deadline - now())))
    intervalMs = Math.min(maxIntervalMs, intervalMs * 2)
    value = await read()
  }
  return value
}
