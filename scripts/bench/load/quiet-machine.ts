/**
 * Waits until the machine is quiet enough to measure on: the 1-minute load average at most `below`, checked
 * every `pollMs`, for at most `maxMs`. Returns how long it waited and whether the machine got quiet (a run
 * that timed out still goes on: its figures carry the load average anyway).
 */
import { loadAverage1 } from './proc-cpu'

export interface QuietOptions {
  below: number
  maxMs: number
  pollMs?: number
  /** The 1-minute load average (default: /proc/loadavg). */
  read?: () => number
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export async function waitForQuiet(options: QuietOptions): Promise<{ waitedMs: number; quiet: boolean }> {
  const read = options.read ?? loadAverage1
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = options.now ?? (() => performance.now())
  const start = now()
  for (;;) {
    if (read() <= options.below) return { waitedMs: now() - start, quiet: true }
    if (now() - start >= options.maxMs) return { waitedMs: now() - start, quiet: false }
    await sleep(options.pollMs ?? 5000)
  }
}

/** Waits for quiet when `below` is set (`--quiet-below`) and says how it went. */
export async function quietIfAsked(
  below: number | undefined,
  maxWaitS: number,
  out: (line: string) => void,
): Promise<void> {
  if (below === undefined) return
  const { waitedMs, quiet } = await waitForQuiet({ below, maxMs: maxWaitS * 1000 })
  out(
    quiet
      ? `waited ${(waitedMs / 1000).toFixed(0)} s for the 1-minute load average to fall to ${below}`
      : `the load average stayed above ${below} for ${(waitedMs / 1000).toFixed(0)} s: measuring anyway`,
  )
}
