/**
 * The per-message cost of a stage's plumbing alone: a relay process consumes `check.submitted.v1` and
 * publishes one `check.matched.v1` per message (what every stage does around its handler: decode,
 * validate, publish with acks=all, commit), fed open loop at a fixed rate; a sink in this process reads
 * the results. Prints the relay's CPU ms per message, the broker's (when its pid is known) and
 * publish -> result latency. Not a test: figures depend on the machine, so the load average is printed.
 *
 *   npm run bench:relay -w @rv/kafka [-- --rate 30 --duration 20 --concurrency 3 --cpu-prof DIR]
 */
import { fork } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CheckMatchedV1 } from '@rv/schemas'
import { findRepoRoot, type ResolvedStack, resolveStack } from '@rv/testing'
import { createEventBus, type EventBus } from '../src/event-bus'
import { submittedEvent } from '../test/sample-events'
import { benchPrefix, removeBenchNamespace } from './bench-namespace'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: (m: string) => console.error(m) }

function openBus(brokers: string[], registryUrl: string, prefix: string, clientId: string): EventBus {
  return createEventBus({
    brokers,
    registryUrl,
    clientId,
    topicPrefix: prefix,
    shutdown: false,
    logger: silent,
  })
}

function matched(checkId: string): CheckMatchedV1 {
  const flags = { bank: true, amount: true, currency: true, recipient: true, window: true, type: true }
  return { check_id: checkId, tenant_id: 'bench', match: { ...flags, status: true, payment_reference: null } }
}

/** The relay: runs in its own process so its CPU is its own; reports it on the IPC channel when told to stop. */
async function relay(): Promise<void> {
  const [brokers, registryUrl, prefix, concurrency] = process.argv.slice(3) as [
    string,
    string,
    string,
    string,
  ]
  const bus = openBus(brokers.split(','), registryUrl, prefix, 'rv-bench-relay')
  await bus.registerSchemas()
  await bus.consume({
    groupId: `${prefix}relay`,
    topics: ['check.submitted.v1'],
    partitionsConsumedConcurrently: Number(concurrency),
    handle: async ({ key, headers }) => bus.publish('check.matched.v1', key, matched(key), headers),
  })
  process.send?.({ ready: true, cpu: process.cpuUsage() })
  process.on('message', async (command) => {
    const cpu = process.cpuUsage()
    if (command !== 'stop') return void process.send?.({ cpu })
    await bus.close()
    process.send?.({ cpu }, () => process.exit(0))
  })
}

function brokerCpuMs(): number | undefined {
  const pidFile = join(findRepoRoot(), '.stack', 'pids', 'kafka.pid')
  if (!existsSync(pidFile)) return undefined
  const stat = readFileSync(`/proc/${readFileSync(pidFile, 'utf8').trim()}/stat`, 'utf8')
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number)
  return ((utime ?? 0) + (stime ?? 0)) * 10
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

type RelayChild = { child: ReturnType<typeof fork>; fromChild: () => Promise<{ cpu: NodeJS.CpuUsage }> }

/** Forks the relay (optionally under --cpu-prof) and waits until it consumes. */
async function forkRelay(stack: ResolvedStack, prefix: string, concurrency: number): Promise<RelayChild> {
  const profileAt = process.argv.indexOf('--cpu-prof')
  const profile = profileAt === -1 ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.argv[profileAt + 1]}`]
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--role-relay', stack.kafkaBrokers.join(','), stack.schemaRegistryUrl, prefix, String(concurrency)],
    { execArgv: [...process.execArgv, ...profile] },
  )
  const fromChild = () =>
    new Promise<{ cpu: NodeJS.CpuUsage }>((resolve) => child.once('message', (m) => resolve(m as never)))
  await fromChild()
  return { child, fromChild }
}

/** Send times by check id, and the latencies of the results the sink has read (warm-up ones not counted). */
interface Sink {
  sentAt: Map<string, number>
  latencies: number[]
  /** Resolves when `total` results are in. */
  finished: Promise<void>
}

async function startSink(bus: EventBus, prefix: string, total: number): Promise<Sink> {
  const sentAt = new Map<string, number>()
  const latencies: number[] = []
  let allIn: () => void = () => {}
  const finished = new Promise<void>((resolve) => {
    allIn = resolve
  })
  await bus.consume({
    groupId: `${prefix}sink`,
    topics: ['check.matched.v1'],
    handle: async ({ key }) => {
      const at = sentAt.get(key)
      if (at === undefined || key.startsWith('chk_warm')) return
      latencies.push(performance.now() - at)
      if (latencies.length === total) allIn()
    },
  })
  return { sentAt, latencies, finished }
}

/** Warm-up: joins, JIT, the producer's first connection, outside the measurement. */
async function warmUp(bus: EventBus, sink: Sink): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const id = `chk_warm${String(i).padStart(18, '0')}`
    sink.sentAt.set(id, performance.now())
    await bus.publish('check.submitted.v1', id, submittedEvent(id))
  }
  await new Promise((r) => setTimeout(r, 3000))
}

/** Open loop: message `i` is published at `i / rate` s whatever the answers, then every publish awaited. */
async function publishAtRate(bus: EventBus, sink: Sink, rate: number, total: number): Promise<void> {
  const start = performance.now()
  const sends: Promise<void>[] = []
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const id = `chk_bench${String(i).padStart(17, '0')}`
    sink.sentAt.set(id, performance.now())
    sends.push(bus.publish('check.submitted.v1', id, submittedEvent(id)))
  }
  await Promise.all(sends)
}

interface Figures {
  rate: number
  durationS: number
  concurrency: number
  total: number
  load: string[]
  relayMs: number
  brokerMs: number | undefined
  latencies: number[]
}

function printFigures(f: Figures): void {
  const s = [...f.latencies].sort((a, b) => a - b)
  console.log(
    `relay, ${f.rate} msg/s offered for ${f.durationS} s, concurrency ${f.concurrency}: ${f.latencies.length}/${f.total} results`,
  )
  console.log(`load average before: ${f.load.join(' ')}`)
  console.log(`relay CPU per message: ${(f.relayMs / f.latencies.length).toFixed(2)} ms`)
  if (f.brokerMs !== undefined)
    console.log(
      `broker CPU per message (source + relay + sink traffic): ${(f.brokerMs / f.latencies.length).toFixed(2)} ms`,
    )
  console.log(
    `publish -> result latency: p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms`,
  )
}

async function main(): Promise<void> {
  const rate = option('rate', 30)
  const durationS = option('duration', 20)
  const concurrency = option('concurrency', 3)
  const stack = await resolveStack()
  const prefix = benchPrefix('bench-relay')
  const bus = openBus(stack.kafkaBrokers, stack.schemaRegistryUrl, prefix, 'rv-bench-source')
  try {
    await bus.ensureTopics()
    await bus.registerSchemas()
    const { child, fromChild } = await forkRelay(stack, prefix, concurrency)
    const total = Math.round(rate * durationS)
    const sink = await startSink(bus, prefix, total)
    await warmUp(bus, sink)
    const load = loadavg().map((l) => l.toFixed(1))
    child.send('cpu')
    const cpuBefore = (await fromChild()).cpu
    const brokerBefore = brokerCpuMs()
    await publishAtRate(bus, sink, rate, total)
    await Promise.race([sink.finished, new Promise((r) => setTimeout(r, 60_000))])
    const brokerAfter = brokerCpuMs()
    child.send('stop')
    const cpuAfter = (await fromChild()).cpu
    const relayMs = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000
    const brokerMs =
      brokerBefore !== undefined && brokerAfter !== undefined ? brokerAfter - brokerBefore : undefined
    printFigures({ rate, durationS, concurrency, total, load, relayMs, brokerMs, latencies: sink.latencies })
  } finally {
    await bus.close()
    await removeBenchNamespace(stack, prefix)
  }
}

if (process.argv[2] === '--role-relay') await relay()
else await main()
