/** The offered load of a window or a warm-up: `rate` POSTs per second for `durationS`, open loop, round robin over the tenants' keys. */
import type { BenchStack } from './bench-stack'
import { runOpenLoop, type Submission } from './open-loop'
import type { generateLoadReceipts } from './receipts'
import { submitReceipt } from './submit'

/** Submission i sends `receipts[i]` with the order reference `${orderPrefix}-${i}`. */
export function offerLoad(
  bench: BenchStack,
  load: { rate: number; durationS: number },
  receipts: ReturnType<typeof generateLoadReceipts>,
  orderPrefix: string,
): Promise<Submission[]> {
  return runOpenLoop({
    rate: load.rate,
    durationS: load.durationS,
    send: (i) =>
      submitReceipt(
        bench.services.baseUrl,
        bench.keys[i % bench.keys.length] as string,
        receipts[i] as (typeof receipts)[number],
        `${orderPrefix}-${i}`,
      ),
  })
}
