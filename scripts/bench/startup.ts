/**
 * A service started the way production used to (`node --import tsx services/<name>/src/main.ts`) and the way
 * it does now (`node --enable-source-maps services/<name>/dist/main.js`; and without source maps, to see
 * what the flag costs), alternately on the same stack, so the figures are ratios measured side by side:
 * time from spawn to the first 200 on /readyz, CPU used by then (/proc/<pid>/stat), RSS after `--idle`
 * seconds of idling (VmRSS). Each run has its own database, bucket and topic prefix, removed at the end.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:startup -- [--services gateway,authenticity] [--runs 3] [--idle 5]
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { ensureServicesBuilt, repoRoot, serviceBundle } from '@rv/build'
import { createE2eEnvironment } from '../../services/e2e/src/e2e-environment'
import { freePort } from '../../services/e2e/src/free-port'
import { loadAverage, requireStack, stringOption, wholeNumberOption } from './cli'

const modes = {
  tsx: (name: string) => ['--import', 'tsx', `services/${name}/src/main.ts`],
  dist: (name: string) => ['--enable-source-maps', serviceBundle(name)],
  'dist, no maps': (name: string) => [serviceBundle(name)],
} as const
type Mode = keyof typeof modes

interface Sample {
  readyMs: number
  cpuMs: number
  rssMb: number
}

const services = (stringOption('services') ?? 'gateway,authenticity').split(',')
const runs = wholeNumberOption('runs', 3)
const idleSeconds = wholeNumberOption('idle', 5)
const ticksPerSecond = 100 // USER_HZ on Linux

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
}

function rssMbOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) / 1024
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  await exited
}

async function sample(name: string, mode: Mode, env: Record<string, string>): Promise<Sample> {
  const port = await freePort()
  const portEnv =
    name === 'gateway'
      ? { OPERATOR_PORT: String(port), PORT: String(await freePort()) }
      : { HEALTH_PORT: String(port) }
  const started = performance.now()
  const child = spawn(process.execPath, modes[mode](name), {
    cwd: repoRoot,
    env: { ...env, ...portEnv, HOST: '127.0.0.1', KAFKA_CLIENT_ID: `rv-${name}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} (${mode}) exited with code ${child.exitCode}`)
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      if (performance.now() - started > 120_000) throw new Error(`${name} (${mode}) not ready in 120 s`)
      await new Promise((r) => setTimeout(r, 50))
    }
    const readyMs = performance.now() - started
    const pid = child.pid ?? 0
    const cpuMs = cpuMsOf(pid)
    await new Promise((r) => setTimeout(r, idleSeconds * 1000))
    return { readyMs, cpuMs, rssMb: rssMbOf(pid) }
  } finally {
    await stopped(child)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

await ensureServicesBuilt(repoRoot, services)
const e2e = createE2eEnvironment(requireStack(), 'bench-startup')
const results = new Map<string, Sample[]>()
process.stdout.write(`load average before: ${loadAverage()}\n`)
try {
  for (let run = 0; run < runs; run++)
    for (const name of services)
      for (const mode of Object.keys(modes) as Mode[]) {
        const s = await sample(name, mode, e2e.env)
        const key = `${name}\t${mode}`
        results.set(key, [...(results.get(key) ?? []), s])
        process.stdout.write(
          `run ${run + 1} ${name} ${mode}: ready ${Math.round(s.readyMs)} ms, cpu ${Math.round(s.cpuMs)} ms, rss ${s.rssMb.toFixed(0)} MB\n`,
        )
      }
} finally {
  await e2e.cleanup.run()
}
process.stdout.write(
  `\nmedian of ${runs} runs (RSS after ${idleSeconds} s idle); load average after: ${loadAverage()}\n`,
)
process.stdout.write('service\tmode\tready ms\tCPU ms to ready\tRSS MB\n')
for (const [key, samples] of results)
  process.stdout.write(
    `${key}\t${Math.round(median(samples.map((s) => s.readyMs)))}\t${Math.round(median(samples.map((s) => s.cpuMs)))}\t${median(samples.map((s) => s.rssMb)).toFixed(0)}\n`,
  )
