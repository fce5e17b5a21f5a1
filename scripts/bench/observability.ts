/**
 * The CPU that metrics and traces cost per check, measured on the instrumentation alone: each mode runs
 * exactly what one check goes through (observability/check-instrumentation.ts) in a fresh process,
 * modes alternated over the repetitions, spans exported over OTLP/HTTP to a receiver in this process (its
 * CPU is not counted). Prints CPU µs per check per mode with its spread, the instrumentation's part (mode −
 * off) and that part as a share of the services' CPU per check (docs/capacity.md). docs/observability.md#cost.
 *
 *   npm run bench:observability -- [--checks 2000] [--warmup 500] [--repeat 5] [--export-every 2]
 *                                  [--modes off,metrics,traces-discarded,traces-otlp,sampled-otlp]
 *                                  [--services-ms 113.1]
 *
 * --export-every: checks between two exports. The services' batch processors export every 5 s each; six
 * processes at 3 checks/s make about one export per 2.5 checks, so 2 (the default) prices them a little high.
 */
import { execFile } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { startOtlpReceiver } from '../../services/e2e/src/otlp-receiver'
import { type BenchMode, benchModes, modeSetups, parseModes } from './observability/modes'
import type { ModeResult } from './observability/run-mode'
import { figuresOf, formatFigures } from './observability/summary'

const run = promisify(execFile)
const argv = process.argv.slice(2)
const flag = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`)
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback
}
const checks = Number(flag('checks', '2000'))
const warmup = Number(flag('warmup', '500'))
const repeat = Number(flag('repeat', '5'))
const exportEvery = Number(flag('export-every', '2'))
const servicesMs = Number(flag('services-ms', '113.1'))
const modes = parseModes(flag('modes', benchModes.join(',')))
const runner = fileURLToPath(new URL('./observability/run-mode.ts', import.meta.url))

const receiver = await startOtlpReceiver()
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
console.log(`bench:observability ${new Date().toISOString()} load ${load()}`)
console.log(
  `${checks} checks per run after ${warmup} warm-up, ${repeat} runs per mode, alternated; one export per ${exportEvery} checks`,
)
for (const m of modes) console.log(`  ${m}: ${modeSetups[m].label}`)

const results = new Map<BenchMode, ModeResult[]>(modes.map((m) => [m, []]))
try {
  for (let r = 0; r < repeat; r++) {
    for (const mode of r % 2 === 0 ? modes : [...modes].reverse()) {
      const spansBefore = receiver.spans.length
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', runner, mode, String(checks), String(warmup), String(exportEvery), receiver.url],
        { maxBuffer: 1 << 20 },
      )
      const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ModeResult
      results.get(mode)?.push(result)
      const spans = receiver.spans.length - spansBefore
      console.log(
        `run ${r + 1} ${mode.padEnd(17)} ${result.cpuUsPerCheck.toFixed(1)} µs/check${spans > 0 ? `, ${(spans / (checks + warmup)).toFixed(2)} spans/check received` : ''}`,
      )
      receiver.spans.length = 0
    }
  }
} finally {
  await receiver.close()
}

console.log(`\nCPU per check (load after: ${load()}):`)
const figures = modes.map((m) =>
  figuresOf(
    m,
    (results.get(m) ?? []).map((r) => r.cpuUsPerCheck),
  ),
)
for (const line of formatFigures(figures, servicesMs)) console.log(line)
for (const m of modes) {
  const per1000 = (results.get(m) ?? []).map((r) => r.promiseUsPer1000)
  const mean = per1000.reduce((s, x) => s + x, 0) / Math.max(1, per1000.length)
  console.log(
    `${m.padEnd(17)} ${mean.toFixed(1)} µs per 1 000 promises awaited (${Math.min(...per1000).toFixed(1)}–${Math.max(...per1000).toFixed(1)})`,
  )
}
const scrape = modes.flatMap((m) => (results.get(m) ?? []).map((r) => r.scrapeUs)).filter((u) => u > 0)
if (scrape.length > 0) {
  const mean = scrape.reduce((s, x) => s + x, 0) / scrape.length
  console.log(`one scrape of /metrics: ${mean.toFixed(0)} µs of CPU (every 15 s per service, not per check)`)
}
