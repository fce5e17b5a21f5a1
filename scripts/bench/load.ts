/**
 * Open-loop load on the whole pipeline: distinct generated receipts POSTed at a fixed rate, completion
 * observed on check.completed.v1 (a consumer group of its own, registry-decoded, as a downstream
 * subscriber), then the figures: achieved rate, submit->done percentiles, refusals by status and code,
 * checks not terminal at the end, CPU ms per check of every service and server, store commands per check of
 * every service (each one's /metrics) and of the server, the load average.
 * Not a test: figures depend on the machine, so every run prints the load average beside them.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:load -- --rate 30 --duration 60 [--stored 100000 | --seed-volume [N]] [--settle 120|vacuum] [--tenants 4]
 *        [--replicas authenticity=2] [--concurrency 4] [--partitions 6] [--drain 30] [--cpu-prof DIR]
 *   npm run bench:load -- --rate 5,10,15,20 --duration 60 --quiet-below 1.5   # the curve, one point per rate
 *   npm run bench:load -- --rate 5 --duration 60 --observability off,on   # CPU per check, metrics+traces off/on
 *   npm run bench:load -- --rate 10 --duration 60 --compare main,worktree [--rounds 2]   # two builds, A B A B
 *   npm run bench:load -- --rate 10 --duration 60 --compare-env 'A:CONSUMER_CONCURRENCY=1;B:CONSUMER_CONCURRENCY=4'
 *
 * Starts the services on an isolated namespace of that stack and removes it afterwards.
 * Options: scripts/bench/load/options.ts. Method and results: docs/capacity.md.
 */
import { resolve } from 'node:path'
import { startBenchStack, warmUp } from './load/bench-stack'
import { runComparison } from './load/compare-run'
import { measurePoint } from './load/measure-point'
import { formatComparison, type ObservabilityMode, startMode } from './load/observability-modes'
import { type LoadOptions, parseLoadOptions } from './load/options'
import type { PostgresTarget } from './load/postgres-clone'
import { loadAverage } from './load/proc-cpu'
import { quietIfAsked } from './load/quiet-machine'
import { generateLoadReceipts } from './load/receipts'
import { printReport, totalCpuPerCheck } from './load/report'
import { seedVolume } from './load/seed-volume'
import { autovacuumWorkers, waitForVacuum } from './load/vacuum-settle'
import { warmIfAsked } from './load/warm-load'

function out(line = ''): void {
  process.stdout.write(`${line}\n`)
}

/** Environment the options translate into for every service. */
function serviceEnv(options: LoadOptions): Record<string, string> {
  const env: Record<string, string> = {}
  if (options.concurrency !== undefined) env.CONSUMER_CONCURRENCY = String(options.concurrency)
  if (options.partitions !== undefined) env.KAFKA_TOPIC_PARTITIONS = String(options.partitions)
  return env
}

async function main(): Promise<void> {
  const options = parseLoadOptions(process.argv.slice(2))
  const runId = `load-${Date.now().toString(36)}`
  const windows = options.compare ? 2 * options.compare.rounds : 1
  const counts = options.rates.map((rate) => windows * Math.max(1, Math.round(rate * options.durationS)))
  const total = counts.reduce((sum, n) => sum + n, 0)
  const t = performance.now()
  const receipts = generateLoadReceipts(total, runId)
  out(
    `generated ${total} distinct receipts in ${((performance.now() - t) / 1000).toFixed(1)} s (before the run)`,
  )

  if (options.compare) return runComparison(options, receipts, runId, serviceEnv(options), out)

  const totals = new Map<ObservabilityMode, number[]>()
  for (const mode of options.observability ?? [undefined]) {
    if (mode) out(`\n== observability ${mode} ==`)
    const perCheck = await runAll(options, receipts, counts, runId, mode)
    // Alternated runs of one mode (off,on,off,on) are averaged: the last run alone would hide the spread.
    if (mode) totals.set(mode, [...(totals.get(mode) ?? []), ...perCheck])
  }
  if (totals.size > 0) out(`\n${formatComparison(totals)}`)
}

/** Every point of the curve on one set of services (started with `mode`'s observability); CPU ms per check of each. */
async function runAll(
  options: LoadOptions,
  receipts: ReturnType<typeof generateLoadReceipts>,
  counts: number[],
  runId: string,
  mode: ObservabilityMode | undefined,
): Promise<number[]> {
  const observability = mode ? await startMode(mode) : undefined
  const bench = await startBenchStack({
    name: 'bench',
    console: true,
    tenants: options.tenants,
    replicas: options.replicas,
    env: { ...serviceEnv(options), ...observability?.env },
    ...(options.cpuProfDir === undefined
      ? {}
      : { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${resolve(options.cpuProfDir)}`] }),
  })
  let interrupted = false
  const onSignal = () => {
    interrupted = true
    void bench.close().finally(() => process.exit(130))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  observability?.scrape(bench.services.operatorUrl)
  const perCheck: number[] = []
  try {
    const template = await warmUp(bench, runId)
    if (options.stored > 0 || options.credits > 0) {
      await seedVolume(bench, template, options, out)
      if (options.settleS > 0) {
        await new Promise((r) => setTimeout(r, options.settleS * 1000))
        out(`settled ${options.settleS} s after seeding (load average ${loadAverage()})`)
      }
      if (options.settleVacuum) await settleVacuum(bench.stack.postgres, options.quietWaitS)
    }
    await warmIfAsked(bench, options, runId, out)
    let offset = 0
    for (const [point, rate] of options.rates.entries()) {
      const slice = receipts.slice(offset, offset + (counts[point] as number))
      offset += slice.length
      perCheck.push(await runPoint(bench, { ...options, rate }, slice, `${runId}-${mode ?? 'run'}-${point}`))
      if (observability) out(`observability ${mode}: ${observability.summary()}`)
    }
  } finally {
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
    if (!interrupted) await bench.close()
    await observability?.close()
  }
  return perCheck
}

/** `--settle vacuum`: until autovacuum has been idle for a minute, and how long that took. */
async function settleVacuum(postgres: PostgresTarget | undefined, maxWaitS: number): Promise<void> {
  if (!postgres) return out('--settle vacuum: no PostgreSQL named by the stack (STACK_PSQL): not waited')
  const { waitedMs, settled } = await waitForVacuum({
    workers: autovacuumWorkers(postgres),
    idleForMs: 60_000,
    maxMs: maxWaitS * 1000,
  })
  const s = (waitedMs / 1000).toFixed(0)
  out(
    settled
      ? `autovacuum idle for 60 s, ${s} s after seeding`
      : `autovacuum still running after ${s} s: measuring anyway`,
  )
}

/** One point of the curve: the offered rate for the duration, its completions, its report. */
async function runPoint(
  bench: Awaited<ReturnType<typeof startBenchStack>>,
  options: LoadOptions,
  receipts: ReturnType<typeof generateLoadReceipts>,
  pointId: string,
): Promise<number> {
  await quietIfAsked(options.quietBelow, options.quietWaitS, out)
  return totalCpuPerCheck(printReport(options, await measurePoint(bench, options, receipts, pointId), out))
}

await main()
process.exit(0)
