/**
 * `--warm S`: before a comparison window is measured, its fresh services carry the offered rate for S
 * seconds, unmeasured, and those checks are drained. A window started on fresh services otherwise pays
 * their JIT and first-use costs inside the measurement: on 29 Nov extraction and authenticity cost
 * 40–45 ms per check in such windows against 22–25 ms on warm services, which dilutes every ratio. The
 * warm-up's receipts are distinct from the window's (their own seed), so none is a replay of another.
 */
import type { BenchStack } from './bench-stack'
import { runOpenLoop } from './open-loop'
import { generateLoadReceipts } from './receipts'
import { submitReceipt } from './submit'

/** Offers `rate` for `seconds` (open loop), then waits up to `drainS` for those checks; returns how many finished. */
export async function warmLoad(
  bench: BenchStack,
  options: { rate: number; seconds: number; drainS: number },
  runId: string,
): Promise<{ sent: number; finished: number }> {
  if (options.seconds <= 0) return { sent: 0, finished: 0 }
  const receipts = generateLoadReceipts(
    Math.max(1, Math.round(options.rate * options.seconds)),
    `${runId}-warmload`,
  )
  const submissions = await runOpenLoop({
    rate: options.rate,
    durationS: options.seconds,
    send: (i) =>
      submitReceipt(
        bench.services.baseUrl,
        bench.keys[i % bench.keys.length] as string,
        receipts[i] as (typeof receipts)[number],
        `${runId}-warmload-${i}`,
      ),
  })
  const acked = submissions.flatMap((s) => (s.checkId ? [s.checkId] : []))
  await bench.watcher.waitFor(acked, performance.now() + options.drainS * 1000)
  return {
    sent: submissions.length,
    finished: acked.filter((id) => bench.watcher.completions.has(id)).length,
  }
}
