/**
 * `--compare` / `--compare-env`: the two sides' builds prepared (checkout.ts), then one measured window per
 * round in the order A, B, A, B, ..., each on fresh services of its side's build and environment in a
 * fresh namespace of the same stack, at the same rate and duration; each window's full report, then the
 * side-by-side table (compare-report.ts). Checkouts are removed afterwards, also on Ctrl-C.
 */
import { type BenchStack, startBenchStack, warmUp } from './bench-stack'
import { type Checkout, prepareCheckout } from './checkout'
import { roundOrder, type SideLabel } from './compare-plan'
import { compareCaveats, compareRows, formatCompareTable } from './compare-report'
import { measurePoint } from './measure-point'
import type { LoadOptions } from './options'
import { loadAverage } from './proc-cpu'
import { quietIfAsked } from './quiet-machine'
import type { generateLoadReceipts } from './receipts'
import { type PointResult, printReport } from './report'
import { warmIfAsked } from './warm-load'

export async function runComparison(
  options: LoadOptions,
  receipts: ReturnType<typeof generateLoadReceipts>,
  runId: string,
  baseEnv: Record<string, string>,
  out: (line?: string) => void,
): Promise<void> {
  const plan = options.compare
  if (!plan) throw new Error('runComparison needs --compare or --compare-env')
  const checkouts = new Map<SideLabel, Checkout>()
  const described = new Map<SideLabel, string>()
  let bench: BenchStack | undefined
  const cleanUp = async () => {
    await bench?.close().catch(() => undefined)
    for (const c of checkouts.values()) c.remove()
  }
  const onSignal = () => void cleanUp().finally(() => process.exit(130))
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    for (const side of plan.sides) {
      const checkout = prepareCheckout(side.ref, side.label)
      checkouts.set(side.label, checkout)
      const env = Object.entries(side.env).map(([k, v]) => `${k}=${v}`)
      described.set(side.label, `${checkout.describe}${env.length > 0 ? `, env ${env.join(' ')}` : ''}`)
      out(
        `${side.label}: ${described.get(side.label)}${checkout.setupMs > 0 ? ` (checked out and linked in ${(checkout.setupMs / 1000).toFixed(1)} s)` : ''}`,
      )
    }
    const results: Record<SideLabel, PointResult[]> = { A: [], B: [] }
    const order = roundOrder(plan)
    const perWindow = Math.max(1, Math.round(options.rate * options.durationS))
    for (const [round, side] of order.entries()) {
      out(`\n== compare window ${round + 1} of ${order.length}: ${side.label} ==`)
      bench = await startBenchStack({
        name: 'bench',
        tenants: options.tenants,
        replicas: options.replicas,
        env: { ...baseEnv, ...side.env },
        root: checkouts.get(side.label)?.root as string,
        console: true,
      })
      await warmUp(bench, `${runId}-${round}`)
      await warmIfAsked(bench, options, `${runId}-${round}`, out)
      await quietIfAsked(options.quietBelow, options.quietWaitS, out)
      const slice = receipts.slice(round * perWindow, (round + 1) * perWindow)
      const measured = await measurePoint(bench, options, slice, `${runId}-${side.label}-${round}`)
      results[side.label].push(printReport(options, measured, out))
      await bench.close()
      bench = undefined
    }
    out()
    out(
      `== compare: ${options.rate} checks/s for ${options.durationS} s per window, ${plan.rounds} window(s) per side (A, B alternately), means per side; load average now ${loadAverage()} ==`,
    )
    for (const side of plan.sides) out(`${side.label} = ${described.get(side.label)}`)
    for (const line of formatCompareTable(compareRows(results.A, results.B))) out(line)
    for (const line of compareCaveats(results.A, results.B)) out(line)
  } finally {
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
    await cleanUp()
  }
}
