/**
 * Faults under a steady load, one after another on one running pipeline: kill -9 of the gateway and of
 * each consumer (restarted 2 s later), Kafka stopped 15 s, the store stopped 15 s, poison messages on
 * every topic. For each: acknowledged checks (POST answered 2xx) lost, checks not terminal once the
 * sweeper's deadline has passed, duplicate completion events, and how the others ended. Scripted and
 * repeatable; the pass/fail columns do not depend on timing (lost and stuck must be 0 whatever the speed),
 * the counts of stage_timeout and 503s do.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:faults -- [--rate 2] [--phase 30] [--at 8] [--down 15] [--deadline 60]
 *                          [--only kill:extraction,stop:kafka,...]
 *
 * Exit code 1 when any acknowledged check was lost or stuck. Results: docs/capacity.md.
 */
import { numberOption } from './cli'
import { buildLedger, formatRefused, type Ledger } from './load/accounting'
import { type BenchStack, startBenchStack, warmUp } from './load/bench-stack'
import { type Fault, faultFor, faultNames } from './load/faults'
import { runOpenLoop, type Submission } from './load/open-loop'
import { loadAverage } from './load/proc-cpu'
import { generateLoadReceipts } from './load/receipts'
import { submitReceipt } from './load/submit'

const onlyAt = process.argv.indexOf('--only')
const selected = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',') : [...faultNames]
for (const name of selected)
  if (!faultNames.includes(name as never))
    throw new Error(`--only: unknown fault ${name} (${faultNames.join(', ')})`)
const rate = numberOption('rate', 2)
const phaseS = numberOption('phase', 30)
const atS = numberOption('at', 8)
const downMs = numberOption('down', 15) * 1000
const deadlineMs = numberOption('deadline', 60) * 1000
const sweepMs = 1000

const out = (line = '') => process.stdout.write(`${line}\n`)

interface Row {
  fault: string
  note: string
  ledger: Ledger
  load: string
}

async function runPhase(bench: BenchStack, fault: Fault, runId: string): Promise<Row> {
  const receipts = generateLoadReceipts(Math.round(rate * phaseS), runId)
  const load = loadAverage()
  let note = ''
  const faultDone = (async () => {
    await new Promise((r) => setTimeout(r, atS * 1000))
    await fault.inject(bench)
    note = await fault.recover(bench)
  })()
  const submissions: Submission[] = await runOpenLoop({
    rate,
    durationS: phaseS,
    send: (i) =>
      submitReceipt(
        bench.services.baseUrl,
        bench.keys[0] as string,
        receipts[i] as (typeof receipts)[number],
        `${runId}-${i}`,
      ),
  })
  await faultDone
  // Past the sweeper's deadline for the last acknowledged check, every check must be terminal.
  const acked = submissions.flatMap((s) => (s.checkId ? [s.checkId] : []))
  await bench.watcher.waitFor(acked, performance.now() + deadlineMs + 5 * sweepMs + 10_000)
  const ledger = await buildLedger(submissions, new Map(bench.watcher.completions), bench.store)
  return { fault: fault.name, note, ledger, load }
}

function printRow(row: Row): void {
  const l = row.ledger
  out(
    `${row.fault}: sent ${l.sent}, acknowledged ${l.acknowledged}, lost ${l.lost}, not terminal ${l.notTerminal}, duplicate completions ${l.duplicateCompletions} (the watcher's own redeliveries apart: ${l.watcherRedeliveries}), terminal without event ${l.terminalWithoutEvent}; outcomes ${JSON.stringify(l.outcomes)}; refused ${formatRefused(l.refused)}; ${row.note}; load ${row.load}`,
  )
  if (l.lostIds.length + l.stuckIds.length > 0)
    out(`  lost: ${l.lostIds.join(' ')}  stuck: ${l.stuckIds.join(' ')}`)
}

async function main(): Promise<void> {
  const bench = await startBenchStack({
    name: 'faults',
    tenants: 1,
    // Repairs fast, so a fault's checks are republished well within the phase.
    env: {
      STAGE_DEADLINE_MS: String(deadlineMs),
      SWEEP_INTERVAL_MS: String(sweepMs),
      REPUBLISH_AFTER_MS: '3000',
    },
  })
  process.once('SIGINT', () => void bench.close().finally(() => process.exit(130)))
  const rows: Row[] = []
  try {
    await warmUp(bench, `faults-warm-${Date.now().toString(36)}`)
    out(
      `bench:faults — ${rate} checks/s, ${phaseS} s per fault (fault at ${atS} s), sweeper deadline ${deadlineMs / 1000} s`,
    )
    for (const name of selected) {
      const row = await runPhase(
        bench,
        faultFor(name as (typeof faultNames)[number], downMs),
        `faults-${Date.now().toString(36)}`,
      )
      printRow(row)
      rows.push(row)
    }
  } finally {
    await bench.close()
  }
  out()
  out(
    '| fault | sent | acknowledged | lost | not terminal after deadline | duplicate completions | outcomes | refused | load avg |',
  )
  out('|---|---|---|---|---|---|---|---|---|')
  for (const r of rows) {
    const l = r.ledger
    const outcomes = Object.entries(l.outcomes)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')
    out(
      `| ${r.fault} | ${l.sent} | ${l.acknowledged} | ${l.lost} | ${l.notTerminal} | ${l.duplicateCompletions} | ${outcomes} | ${formatRefused(l.refused)} | ${r.load} |`,
    )
  }
  const failed = rows.filter((r) => r.ledger.lost + r.ledger.notTerminal > 0)
  out(
    failed.length === 0
      ? 'PASS: 0 lost, 0 stuck for every fault'
      : `FAIL: ${failed.map((r) => r.fault).join(', ')}`,
  )
  process.exit(failed.length === 0 ? 0 : 1)
}

await main()
