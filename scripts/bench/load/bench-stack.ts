/**
 * The services of one benchmark run on the stack named by the environment (`stack.sh env`): an isolated
 * namespace (database, bucket, topic prefix, groups — removed afterwards), T tenants with a key each, the
 * six services (consumers possibly replicated), and a completion watcher on check.completed.v1.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readProcessEnv } from '@rv/config'
import { connectStore, type Store } from '@rv/store'
import { randomName, type StackConfig, stackFromEnv } from '@rv/testing'
import { createE2eEnvironment, type E2eEnvironment } from '../../../services/e2e/src/e2e-environment'
import { type RunningConsole, startConsole } from '../../../services/e2e/src/start-console'
import {
  freePort,
  type RunningServices,
  repoRoot,
  type StartServicesOptions,
  startServices,
} from '../../../services/e2e/src/start-services'
import { type CompletionWatcher, watchCompletions } from './completion-watcher'
import { launcherFor } from './legacy-launcher'
import { generateLoadReceipts } from './receipts'
import { submitReceipt } from './submit'

const WARMUP = 5
const WARMUP_TIMEOUT_MS = 300_000

export interface BenchStack {
  stack: StackConfig
  e2e: E2eEnvironment
  services: RunningServices
  /** The review console, when asked for (its queue feeder consumes every completed check). */
  console: RunningConsole | undefined
  /** Launcher pids per process group: the services' replicas, and the console's. */
  pids(): Record<string, number[]>
  /** Where each process serves /metrics, per group (the console on its own port). */
  metricsUrls(): Record<string, string[]>
  watcher: CompletionWatcher
  /** One API key per tenant. */
  keys: string[]
  tenantIds: string[]
  /** An open store client on the run's database (seeding, the final sweep of not-terminal checks). */
  store: Store
  /** Stops the services and the watcher, removes the namespace (unless keep). */
  close(options?: { keep?: boolean }): Promise<void>
}

export interface BenchStackOptions {
  name: string
  tenants: number
  replicas?: StartServicesOptions['replicas']
  nodeArgs?: StartServicesOptions['nodeArgs']
  /** Only these services (default: all); the gateway must be one of them. */
  only?: StartServicesOptions['only']
  /** Sees every line each service writes (the fuzz counts error lines). */
  onLine?: StartServicesOptions['onLine']
  /** Extra service environment (sweeper deadline, concurrency, ...). */
  env?: Record<string, string>
  /** The checkout whose services run (a comparison's other build); default this one. */
  root?: string
  /** Starts the review console too (services/console: its feeder stores the checks that need review). */
  console?: boolean
  /** Runs after the tenants exist and before the services start (seeding stored checks). */
  beforeServices?: (store: Store, tenantIds: string[]) => Promise<void>
}

/**
 * Service settings every bench run shares: no rate limit or concurrency cap in the way, quiet logs, a sweeper that looks every
 * second. REPUBLISH_AFTER_MS is the service default (10 s; the e2e environment sets 2 s): shorter, the sweeper republishes completions
 * whose outbox flag is merely slow under load, and the duplicates count measures the setting, not faults.
 */
export const benchServiceEnv: Record<string, string> = {
  LOG_LEVEL: 'error',
  RATE_LIMIT_BURST: '100000',
  RATE_LIMIT_PER_SECOND: '100000',
  RATE_LIMIT_PER_MINUTE: '100000000',
  MAX_CONCURRENT_REQUESTS_PER_TENANT: '100000',
  SWEEP_INTERVAL_MS: '1000',
  REPUBLISH_AFTER_MS: '10000',
}

export async function startBenchStack(options: BenchStackOptions): Promise<BenchStack> {
  const stack = stackFromEnv(readProcessEnv())
  if (!stack)
    throw new Error(
      'set the stack variables first: eval "$(bash deploy/native/stack.sh env)" (see docs/capacity.md)',
    )
  const e2e = createE2eEnvironment(stack, options.name)
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  await store.ensureIndexes()
  const keys: string[] = []
  const tenantIds: string[] = []
  for (let t = 0; t < options.tenants; t++) {
    const tenant = await store.tenants.createTenant(`bench-${t}`)
    tenantIds.push(tenant._id)
    keys.push((await store.tenants.createKey(tenant._id)).key)
  }
  await options.beforeServices?.(store, tenantIds)
  const launcher = options.root ? launcherFor(options.root) : undefined
  const services = await startServices({
    env: { ...e2e.env, ...benchServiceEnv, ...options.env },
    readyTimeoutMs: 180_000,
    // Every consumer replica serves /metrics, so the bench reads each process's own store command counters.
    healthPorts: true,
    ...(options.root ? { root: options.root } : {}),
    ...(launcher ? { launcher } : {}),
    ...(options.replicas ? { replicas: options.replicas } : {}),
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    ...(options.only ? { only: options.only } : {}),
    ...(options.onLine ? { onLine: options.onLine } : {}),
  })
  const reviewConsole = options.console
    ? await startConsole({
        env: { ...e2e.env, ...benchServiceEnv, ...options.env },
        port: await freePort(),
        output: 'ignore',
        timeoutMs: 180_000,
        ...(options.root ? { root: options.root } : {}),
        ...(launcher ? { launcher } : {}),
      }).catch(async (error: unknown) => {
        await services.stop()
        throw error
      })
    : undefined
  const watcher = await watchCompletions({
    brokers: stack.kafkaBrokers,
    registryUrl: stack.schemaRegistryUrl,
    topicPrefix: e2e.topicPrefix,
    groupId: randomName('bench-watch'),
  })
  return {
    stack,
    e2e,
    services,
    console: reviewConsole,
    pids: () => ({
      ...services.pids(),
      ...(reviewConsole?.process.pid && reviewConsole.process.exitCode === null
        ? { console: [reviewConsole.process.pid] }
        : {}),
    }),
    metricsUrls: () => ({
      ...services.metricsUrls(),
      ...(reviewConsole ? { console: [reviewConsole.url] } : {}),
    }),
    watcher,
    keys,
    tenantIds,
    store,
    async close({ keep = false } = {}) {
      await watcher.close().catch(() => undefined)
      await Promise.all([services.stop(), reviewConsole?.stop()])
      await store.close()
      if (!keep) await e2e.cleanup.run()
    },
  }
}

/**
 * The servers of the native stack (deploy/native/stack.sh writes <STACK_DIR>/pids/<server>.pid; STACK_DIR is
 * the stack's own variable, default this checkout's .stack — set it when the stack runs from another checkout).
 */
export function stackServerPids(): Record<string, number> {
  const dir = join(readProcessEnv().STACK_DIR ?? join(repoRoot, '.stack'), 'pids')
  const out: Record<string, number> = {}
  for (const server of ['kafka', 'apicurio', 'ferretdb', 'postgres', 'minio', 's3proxy']) {
    const file = join(dir, `${server}.pid`)
    if (!existsSync(file)) continue
    const pid = Number(readFileSync(file, 'utf8').trim())
    if (Number.isInteger(pid) && pid > 0 && existsSync(`/proc/${pid}`)) out[server] = pid
  }
  return out
}

/** A few checks before measuring: the first pay for pdf.js loading, JIT and group joins. Returns one done check (a seeding template). */
export async function warmUp(
  bench: BenchStack,
  runId: string,
): Promise<{ checkId: string; tenantId: string }> {
  // The first checks pay for pdf.js loading, JIT and group joins; they also give the seeding its template.
  const receipts = generateLoadReceipts(WARMUP, `${runId}-warm`)
  const ids: string[] = []
  for (const [i, receipt] of receipts.entries()) {
    const outcome = await submitReceipt(bench.services.baseUrl, bench.keys[0] as string, receipt, `warm-${i}`)
    if (!outcome.checkId) throw new Error(`warm-up POST answered ${outcome.status} ${outcome.code}`)
    ids.push(outcome.checkId)
  }
  // Generous: on a loaded machine the cold start alone (module loading, JIT) takes minutes.
  await bench.watcher.waitFor(ids, performance.now() + WARMUP_TIMEOUT_MS)
  const done = ids.find((id) => bench.watcher.completions.get(id)?.status === 'done')
  if (!done) {
    const seen = ids.map((id) => {
      const c = bench.watcher.completions.get(id)
      return c ? `${c.status}${c.errorCode ? `:${c.errorCode}` : ''}` : 'not completed'
    })
    throw new Error(
      `no warm-up check finished as done within ${WARMUP_TIMEOUT_MS / 1000} s (${seen.join(', ')}); is the stack healthy?`,
    )
  }
  return { checkId: done, tenantId: bench.tenantIds[0] as string }
}
