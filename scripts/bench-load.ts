/**
 * Open-loop load on the whole pipeline: distinct generated receipts POSTed at a fixed rate, completion
 * observed on check.completed.v1 (a consumer group of its own, registry-decoded, as a downstream
 * subscriber), then the figures: achieved rate, submit->done percentiles, refusals by status and code,
 * checks not terminal at the end, CPU ms per check of every service and server, the load average.
 * Not a test: figures depend on the machine, so every run prints the load average beside them.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:load -- --rate 30 --duration 60 [--stored 100000 [--settle 120]] [--tenants 4]
 *        [--replicas authenticity=2] [--concurrency 4] [--partitions 6] [--drain 30] [--cpu-prof DIR]
 *   npm run bench:load -- --rate 5,10,15,20 --duration 60 --quiet-below 1.5   # the curve, one point per rate
 *   npm run bench:load -- --rate 5 --duration 60 --observability off,on   # CPU per check, metrics+traces off/on
 *
 * Starts the six services on an isolated namespace of that stack and removes it afterwards.
 * Options: scripts/load/options.ts. Method and results: docs/capacity.md.
 */
import { resolve } from 'node:path'
import { buildLedger, formatRefused, type Ledger } from './load/accounting'
import { stackServerPids, startBenchStack, warmUp } from './load/bench-stack'
import type { Completion } from './load/completion-watcher'
import { cpuDelta, snapshotCpu } from './load/cpu-snapshot'
import { formatComparison, type ObservabilityMode, startMode } from './load/observability-modes'
import { runOpenLoop, type Submission, sendRate } from './load/open-loop'
import { type LoadOptions, parseLoadOptions } from './load/options'
import { loadAverage } from './load/proc-cpu'
import { waitForQuiet } from './load/quiet-machine'
import { generateLoadReceipts } from './load/receipts'
import { seedStoredChecks } from './load/seed-checks'
import { formatSummary, summarize } from './load/stats'
import { type CommandCounts, commandDelta, snapshotStoreCommands } from './load/store-commands'
import { submitReceipt } from './load/submit'

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

function printReport(
  options: LoadOptions,
  submissions: Submission[],
  ledger: Ledger,
  completions: ReadonlyMap<string, Completion>,
  cpu: Record<string, number>,
  loads: { before: string; after: string },
  commands: { before: CommandCounts; after: CommandCounts },
): number {
  const ackedIds = new Set(submissions.flatMap((s) => (s.checkId ? [s.checkId] : [])))
  const done = [...completions.entries()].filter(([id]) => ackedIds.has(id))
  const sentAt = new Map(submissions.map((s) => [s.checkId, s.sentAt]))
  const clientLatency = done.map(([id, c]) => c.firstAt - (sentAt.get(id) ?? Number.NaN))
  const serverLatency = done.flatMap(([, c]) => (c.latencyMs === null ? [] : [c.latencyMs]))
  const postLatency = submissions.filter((s) => s.status !== 0).map((s) => s.answeredAt - s.sentAt)
  const firstSent = Math.min(...submissions.map((s) => s.sentAt))
  const lastDone = Math.max(...done.map(([, c]) => c.firstAt))
  const achieved = (done.length * 1000) / (lastDone - firstSent)
  const replicas = Object.entries(options.replicas).map(([s, n]) => `${s}=${n}`)
  out()
  out('== bench:load ==')
  out(
    `offered: ${options.rate} checks/s for ${options.durationS} s (${submissions.length} POSTs, sender achieved ${sendRate(submissions).toFixed(1)}/s), ${options.tenants} tenant(s), ${options.stored} checks stored before, replicas: ${replicas.join(' ') || 'one of each'}, consumer concurrency: ${options.concurrency ?? 'config default'}`,
  )
  out(`load average (1/5/15 min): before ${loads.before}, after ${loads.after}`)
  out(`POST answered 2xx: ${ledger.acknowledged}; refused: ${formatRefused(ledger.refused)}`)
  out(`POST answer time: ${formatSummary(summarize(postLatency))}`)
  out(
    `completed: ${ledger.completed} of ${ledger.acknowledged} acknowledged (${Object.entries(ledger.outcomes)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
  )
  out(`achieved: ${achieved.toFixed(1)} checks/s (completions / first POST -> last completion)`)
  out(
    `submit->done, client (POST sent -> check.completed.v1 received): ${formatSummary(summarize(clientLatency))}`,
  )
  out(
    `submit->done, record's cost.latency_ms (created_at -> terminal): ${formatSummary(summarize(serverLatency))}`,
  )
  out(
    `not terminal at the end (after ${options.drainS} s drain): ${ledger.notTerminal}; terminal without a completion event: ${ledger.terminalWithoutEvent}; lost (acknowledged, not in the store): ${ledger.lost}; duplicate completion events: ${ledger.duplicateCompletions}`,
  )
  out(`CPU ms per completed check (utime+stime of each process tree over the run / ${done.length}):`)
  const perCheck = Object.entries(cpu).map(([name, ms]) => [name, ms / Math.max(1, done.length)] as const)
  const total = perCheck.reduce((sum, [, ms]) => sum + ms, 0)
  for (const [name, ms] of perCheck) out(`  ${name.padEnd(14)} ${ms.toFixed(1).padStart(8)} ms`)
  out(
    `  ${'total'.padEnd(14)} ${total.toFixed(1).padStart(8)} ms  (=> at most ~${(1000 / total).toFixed(0)} checks/s per core)`,
  )
  const moved = commandDelta(commands.before, commands.after)
  const perDone = (n: number) => (n / Math.max(1, done.length)).toFixed(1)
  out(
    `store commands per completed check (server counters over the run, sweeper included): ${perDone(
      moved.reduce((sum, [, n]) => sum + n, 0),
    )} — ${moved.map(([name, n]) => `${name} ${perDone(n)}`).join(', ')}`,
  )
  return total
}

async function main(): Promise<void> {
  const options = parseLoadOptions(process.argv.slice(2))
  const runId = `load-${Date.now().toString(36)}`
  const counts = options.rates.map((rate) => Math.max(1, Math.round(rate * options.durationS)))
  const total = counts.reduce((sum, n) => sum + n, 0)
  const t = performance.now()
  const receipts = generateLoadReceipts(total, runId)
  out(
    `generated ${total} distinct receipts in ${((performance.now() - t) / 1000).toFixed(1)} s (before the run)`,
  )

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
  let t = performance.now()
  const bench = await startBenchStack({
    name: 'bench',
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
    if (options.stored > 0) {
      t = performance.now()
      const seeded = await seedStoredChecks(bench.store, template, options.stored, bench.tenantIds, (n) => {
        if (n % 10_000 === 0) process.stderr.write(`seeded ${n}\n`)
      })
      out(
        `seeded ${seeded.checks} checks (${seeded.documents} documents) in ${(seeded.ms / 1000).toFixed(1)} s`,
      )
      if (options.settleS > 0) {
        await new Promise((r) => setTimeout(r, options.settleS * 1000))
        out(`settled ${options.settleS} s after seeding (load average ${loadAverage()})`)
      }
    }
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

/** One point of the curve: the offered rate for the duration, its completions, its report. */
async function runPoint(
  bench: Awaited<ReturnType<typeof startBenchStack>>,
  options: LoadOptions,
  receipts: ReturnType<typeof generateLoadReceipts>,
  pointId: string,
): Promise<number> {
  if (options.quietBelow !== undefined) {
    const { waitedMs, quiet } = await waitForQuiet({
      below: options.quietBelow,
      maxMs: options.quietWaitS * 1000,
    })
    out(
      quiet
        ? `waited ${(waitedMs / 1000).toFixed(0)} s for the 1-minute load average to fall to ${options.quietBelow}`
        : `the load average stayed above ${options.quietBelow} for ${(waitedMs / 1000).toFixed(0)} s: measuring anyway`,
    )
  }
  const groups = () => ({ ...bench.services.pids(), ...mapValues(stackServerPids(), (pid) => [pid]) })
  const loadBefore = loadAverage()
  const cpuBefore = snapshotCpu(groups())
  const commandsBefore = await snapshotStoreCommands(bench.store.db)
  const submissions = await runOpenLoop({
    rate: options.rate,
    durationS: options.durationS,
    send: (i) =>
      submitReceipt(
        bench.services.baseUrl,
        bench.keys[i % bench.keys.length] as string,
        receipts[i] as (typeof receipts)[number],
        `${pointId}-${i}`,
      ),
  })
  const acked = submissions.flatMap((s) => (s.checkId ? [s.checkId] : []))
  await bench.watcher.waitFor(acked, performance.now() + options.drainS * 1000)
  const cpu = cpuDelta(cpuBefore, snapshotCpu(groups()))
  const commandsAfter = await snapshotStoreCommands(bench.store.db)
  const loadAfter = loadAverage()
  // One snapshot for every figure: completions still arriving must not make the counts disagree.
  const ours = new Set(acked)
  const completions = new Map([...bench.watcher.completions].filter(([id]) => ours.has(id)))
  const ledger = await buildLedger(submissions, completions, bench.store)
  return printReport(
    options,
    submissions,
    ledger,
    completions,
    cpu,
    { before: loadBefore, after: loadAfter },
    { before: commandsBefore, after: commandsAfter },
  )
}

function mapValues<V, W>(record: Record<string, V>, f: (v: V) => W): Record<string, W> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]))
}

await main()
process.exit(0)
