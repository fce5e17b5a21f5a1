/**
 * The fuzz campaign (`npm run fuzz`, docs/fuzz.md): hostile inputs against the running services, on their
 * own namespace of the stack named by the environment (`eval "$(bash deploy/native/stack.sh env)"`; only
 * 127.0.0.1), target by target:
 *   files       mutated receipts and malformed check uploads through the whole pipeline (scripts/fuzz/files-target.ts)
 *   statements  hostile bank statement uploads (scripts/fuzz/statements-target.ts)
 *   credits     hostile credit batches and settlement reads (scripts/fuzz/credits-target.ts)
 *   sign-in     console sign-in storms against the console process (scripts/fuzz/console-sign-in-storm.ts)
 * For each it prints requests sent, responses by status and code, the 5xx count and each service's RSS
 * before / after / peak (from /proc); it exits non-zero on any 5xx, a service grown past its target's
 * bound or exited, or a target's own finding.
 *
 *   npm run fuzz -- --targets statements,credits,sign-in --statements 3000 --credits 3000 --sign-ins 3000
 */
import { parseArgs } from 'node:util'
import { randomName } from '@rv/testing'
import { startBenchStack, warmUp } from '../bench/load/bench-stack'
import { loadAverage } from '../bench/load/proc-cpu'
import { runSignInTarget } from './console-sign-in-storm'
import { runCreditsTarget } from './credits-target'
import { runFilesTarget } from './files-target'
import { prepareTenants } from './fuzz-tenants'
import { runStatementsTarget } from './statements-target'
import { formatTargetReport, type TargetResult, targetFailures } from './storm-report'
import type { TargetContext } from './target-context'

const targetNames = ['files', 'statements', 'credits', 'sign-in'] as const
const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: targetNames.join(',') },
    count: { type: 'string', default: '10000' },
    statements: { type: 'string', default: '3000' },
    credits: { type: 'string', default: '3000' },
    'sign-ins': { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '8' },
    'sign-in-concurrency': { type: 'string', default: '64' },
    seed: { type: 'string', default: '1' },
    'max-growth-mb': { type: 'string', default: '400' },
    'storm-growth-mb': { type: 'string', default: '150' },
    'sign-in-growth-mb': { type: 'string', default: '200' },
    'statement-max-lines': { type: 'string', default: '10000' },
    'settle-seconds': { type: 'string', default: '600' },
    'max-minutes': { type: 'string', default: '60' },
    'max-backlog': { type: 'string', default: '150' },
  },
})
const targets = values.targets.split(',').map((t) => t.trim())
for (const t of targets)
  if (!(targetNames as readonly string[]).includes(t))
    throw new Error(`unknown target ${t}: one of ${targetNames.join(', ')}`)
const num = (name: keyof typeof values) => Number(values[name])
const seed = num('seed')
const maxLines = num('statement-max-lines')

async function main(): Promise<void> {
  process.stdout.write(
    `fuzz: targets ${targets.join(', ')}; seed ${seed}; ${new Date().toISOString()}; load ${loadAverage()}\n`,
  )
  const withFiles = targets.includes('files')
  const errorLines = new Map<string, string[]>()
  const bench = await startBenchStack({
    name: 'fuzz',
    tenants: 2,
    // Without the files target only the services the settlement targets reach.
    ...(withFiles ? {} : { only: ['gateway', 'settlement'] as const }),
    env: {
      PDF_PARSE_TIMEOUT_MS: '20000',
      STAGE_DEADLINE_MS: '300000',
      STATEMENT_MAX_LINES: String(maxLines),
    },
    // LOG_LEVEL is error: every line a service writes is an error worth reading.
    onLine: (name, line) => errorLines.set(name, [...(errorLines.get(name) ?? []), line]),
  })
  const results: TargetResult[] = []
  try {
    // The files target's baseline is taken after a few genuine checks (parse workers and OCR loaded).
    if (withFiles) await warmUp(bench, `fuzz-${seed}`)
    const runId = randomName('fz')
    const ctx: TargetContext = {
      bench,
      tenants: await prepareTenants(bench, runId),
      runId,
      seed,
      concurrency: num('concurrency'),
      deadlineAt: Date.now() + num('max-minutes') * 60_000,
      services: () =>
        Object.entries(bench.services.pids()).flatMap(([name, list]) => list.map((pid) => ({ name, pid }))),
    }
    const run: Record<string, () => Promise<TargetResult>> = {
      files: () =>
        runFilesTarget(ctx, {
          count: num('count'),
          boundMb: num('max-growth-mb'),
          maxBacklog: num('max-backlog'),
          settleSeconds: num('settle-seconds'),
        }),
      statements: () => runStatementsTarget(ctx, num('statements'), maxLines, num('storm-growth-mb')),
      credits: () => runCreditsTarget(ctx, num('credits'), num('storm-growth-mb')),
      'sign-in': () =>
        runSignInTarget(ctx, num('sign-ins'), num('sign-in-concurrency'), num('sign-in-growth-mb')),
    }
    for (const t of targets) {
      process.stdout.write(`\n-- ${t}: start; load ${loadAverage()}\n`)
      const result = await (run[t] as () => Promise<TargetResult>)()
      results.push(result)
      process.stdout.write(
        `${formatTargetReport(result)}\nload ${loadAverage()}; ${new Date().toISOString()}\n`,
      )
    }
  } finally {
    await bench.close()
  }
  const failures = results.flatMap(targetFailures)
  for (const [name, lines] of errorLines)
    process.stdout.write(
      `\n${name} wrote ${lines.length} error lines; the first:\n  ${lines.slice(0, 5).join('\n  ')}\n`,
    )
  for (const f of failures) process.stdout.write(`FAIL: ${f}\n`)
  if (failures.length === 0) process.stdout.write('\nPASS\n')
  process.exit(failures.length > 0 ? 1 : 0)
}

await main()
