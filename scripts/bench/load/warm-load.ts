/**
 * `--warm S`: before a comparison window is measured (or a plain run's first point), its fresh services
 * carry the offered rate for S seconds, unmeasured, and those checks are drained. A window started on fresh
 * services otherwise pays their JIT and first-use costs inside the measurement: on 29 Nov extraction and authenticity cost
 * 40–45 ms per check in such windows against 22–25 ms on warm services, which dilutes every ratio. The
 * warm-up's receipts are distinct from the window's (their own seed), so none is a replay of another.
 */
import type { BenchStack } from './bench-stack'
import { offerLoad } from './offer-load'
import { generateLoadReceipts } from './receipts'

/** Offers `rate` for `durationS` (open loop), then waits up to `drainS` for those checks; returns how many finished. */
export async function warmLoad(
  bench: BenchStack,
  options: { rate: number; durationS: number; drainS: number },
  runId: string,
): Promise<{ sent: number; finished: number }> {
  if (options.durationS <= 0) return { sent: 0, finished: 0 }
  const receipts = generateLoadReceipts(
    Math.max(1, Math.round(options.rate * options.durationS)),
    `${runId}-warmload`,
  )
  const submissions = await offerLoad(bench, options, receipts, `${runId}-warmload`)
  const acked = submissions.flatMap((s) => (s.checkId ? [s.checkId] : []))
  await bench.watcher.waitFor(acked, performance.now() + options.drainS * 1000)
  return {
    sent: submissions.length,
    finished: acked.filter((id) => bench.watcher.completions.has(id)).length,
  }
}

/** `--warm`, when asked: the warm load at the run's (first) rate, and a line saying how it went. */
export async function warmIfAsked(
  bench: BenchStack,
  options: { rate: number; warmS: number; drainS: number },
  runId: string,
  out: (line: string) => void,
): Promise<void> {
  if (options.warmS <= 0) return
  const warm = { rate: options.rate, durationS: options.warmS, drainS: options.drainS }
  const { sent, finished } = await warmLoad(bench, warm, runId)
  out(`warmed: ${options.rate} checks/s for ${options.warmS} s unmeasured, ${finished} of ${sent} finished`)
}
