/**
 * One repetition of one mode, in its own process (started by scripts/bench/observability.ts): sets the
 * mode up, warms up, then measures the process's CPU (user + system, `process.cpuUsage`) over `checks`
 * checks, exports paced as the services' batch processors would, and prints one JSON line.
 *
 *   tsx scripts/bench/observability/run-mode.ts <mode> <checks> <warmup> <export-every> [otlp-url]
 */
import { ExportResultCode } from '@opentelemetry/core'
import { enableMetrics, renderMetrics, startTracing, type Tracing } from '@rv/observability'
import { createCheckDriver } from './check-instrumentation'
import { type BenchMode, modeSetups } from './modes'

export interface ModeResult {
  mode: BenchMode
  checks: number
  /** CPU µs per check over the measured checks (their exports included). */
  cpuUsPerCheck: number
  /**
   * CPU µs per 1 000 promises awaited outside any span, after the mode ran: what the tracing SDK's
   * AsyncLocalStorage context manager adds to every promise of the process, the services' own work included.
   */
  promiseUsPer1000: number
  /** CPU µs of one scrape of the registry (every series and the default process metrics); 0 when off. */
  scrapeUs: number
}

const [mode, checksArg, warmupArg, exportEveryArg, otlpUrl] = process.argv.slice(2) as [
  BenchMode,
  string,
  string,
  string,
  string | undefined,
]
const setup = modeSetups[mode]
if (!setup) throw new Error(`unknown mode ${mode}`)
const checks = Number(checksArg)
const warmup = Number(warmupArg)
const exportEvery = Number(exportEveryArg)

if (setup.metrics) enableMetrics({ service: 'bench' })
let tracing: Tracing | undefined
if (setup.traces !== 'none') {
  tracing = startTracing({
    service: 'bench',
    otlpEndpoint: setup.traces === 'otlp' ? otlpUrl : undefined,
    ...(setup.sampler ? { sampler: setup.sampler } : {}),
    ...(setup.traces === 'discarded'
      ? {
          exporter: {
            export: (_spans, done) => done({ code: ExportResultCode.SUCCESS }),
            shutdown: async () => undefined,
          },
        }
      : {}),
  })
}

const driver = createCheckDriver()
const run = async (from: number, count: number) => {
  for (let i = from; i < from + count; i++) {
    await driver.runCheck(i)
    if ((i + 1) % exportEvery === 0) await tracing?.flush()
  }
  await tracing?.flush()
}

await run(0, warmup)
const before = process.cpuUsage()
await run(warmup, checks)
const used = process.cpuUsage(before)

let scrapeUs = 0
if (setup.metrics) {
  const scrapes = 20
  const s = process.cpuUsage()
  for (let i = 0; i < scrapes; i++) await renderMetrics()
  const u = process.cpuUsage(s)
  scrapeUs = (u.user + u.system) / scrapes
}
// Awaited in a chain, as a driver or a handler awaits its steps.
const promises = 200_000
const p0 = process.cpuUsage()
for (let i = 0; i < promises; i++) await Promise.resolve(i)
const p1 = process.cpuUsage(p0)
const promiseUsPer1000 = ((p1.user + p1.system) / promises) * 1000

await tracing?.shutdown()
const result: ModeResult = {
  mode,
  checks,
  cpuUsPerCheck: (used.user + used.system) / checks,
  scrapeUs,
  promiseUsPer1000,
}
process.stdout.write(`${JSON.stringify(result)}\n`)
