/**
 * Per-operation latency of the store as the data grows: seeds finished checks in bulk up to each level of
 * --stored, then times the operations a check makes (GET's read, the gateway's writes, the aggregator's
 * stage writes and reads, the terminal write) and the sweeper's queries, and with --gateway also
 * GET /v1/checks/{id} through a real gateway process. Prints p50/p99 per operation and level, the seeding
 * time and the load average. Not a test: figures depend on the machine (tests assert the query plans:
 * packages/store/test/query-plans.int.test.ts, volume.int.test.ts).
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:store -- --stored 0,10000,100000 --ops 200 --gateway
 *   options: --stored <levels, ascending>  --ops <timed repetitions per operation>  --gateway  --keep (leave
 *   the database: its name is printed)
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { readProcessEnv } from '@rv/config'
import { pendingRecord } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import { connectStore, type Store, stageSlots } from '@rv/store'
import { stackFromEnv } from '@rv/testing'
import { refreshStatistics, seedCheckId, seedVolume } from '../../packages/store/test/seed-volume'
import { createE2eEnvironment } from '../../services/e2e/src/e2e-environment'
import { freePort, repoRoot } from '../../services/e2e/src/start-services'
import { loadAverage, numberOption, stringOption } from './cli'

const levels = (stringOption('stored') ?? '0,10000,100000').split(',').map(Number)
const ops = numberOption('ops', 200)
const viaGateway = process.argv.includes('--gateway')
const keep = process.argv.includes('--keep')
if (levels.some((l, i) => !Number.isInteger(l) || l < 0 || (i > 0 && l < (levels[i - 1] ?? 0))))
  throw new Error('--stored takes ascending whole numbers, e.g. 0,10000,100000')

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
const load = loadAverage

type Timings = Map<string, number[]>
async function timed<T>(timings: Timings, name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await run()
  const list = timings.get(name) ?? []
  list.push(performance.now() - started)
  timings.set(name, list)
  return result
}

let fresh = 0
/** One new check through every write the pipeline makes, each timed. */
async function lifecycle(store: Store, tenantId: string, timings: Timings): Promise<string> {
  const id = `chk_bench${String(fresh++).padStart(8, '0')}`
  const record: CheckRecord = pendingRecord({
    checkId: id,
    tenantId,
    createdAt: new Date().toISOString(),
    orderRef: null,
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  })
  // Published first: the record goes in once, its outbox flag up; the aggregator reads nothing for it.
  await timed(timings, 'gateway: insert pending record', () =>
    store.checks.insertPending(record, { check_id: id }, true),
  )
  const submission = { check_id: id, tenant_id: tenantId }
  for (const slot of stageSlots) {
    await timed(timings, 'aggregator: insert stage slot', () =>
      store.checks.insertStage(
        id,
        slot,
        { check_id: id, [slot]: { ok: true } },
        slot === 'extraction' ? submission : undefined,
      ),
    )
    // The last result is decided from the slots the process has seen (no read).
    if (slot !== 'replay')
      await timed(timings, "aggregator: read the check's slots", () => store.checks.findStages(id))
  }
  await timed(timings, 'aggregator: progress write', () =>
    store.checks.recordProgress({ ...record, status: 'processing' }),
  )
  const done: CheckRecord = { ...record, status: 'done' }
  await timed(timings, 'aggregator: terminal claim', () => store.checks.claimCompletion(done))
  await timed(timings, 'aggregator: final write (record, status, flag)', () =>
    store.checks.finishCompleted(done, true),
  )
  await timed(timings, 'sweeper: read check with stages', () => store.checks.findDocument(id))
  return id
}

function startGateway(env: Record<string, string>, port: number, operatorPort: number): ChildProcess {
  const tsx = resolve(repoRoot, 'node_modules/.bin/tsx')
  return spawn(tsx, [resolve(repoRoot, 'services/gateway/src/main.ts')], {
    env: {
      ...env,
      PORT: String(port),
      OPERATOR_PORT: String(operatorPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('gateway not ready within 120 s')
}

/** What each level's timings need: the store, the tenant and its key, the gateway's address when it runs. */
interface Bench {
  store: Store
  tenantId: string
  key: string
  /** '' without --gateway. */
  baseUrl: string
}

async function main(): Promise<void> {
  const stack = stackFromEnv(readProcessEnv())
  if (!stack) throw new Error('set the stack variables: eval "$(bash deploy/native/stack.sh env)"')
  const e2e = createE2eEnvironment(stack, 'bench-store')
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  await store.ensureIndexes()
  const tenant = await store.tenants.createTenant('bench-store')
  const { key } = await store.tenants.createKey(tenant._id)
  let gateway: ChildProcess | undefined
  const now = new Date()
  const rows: string[] = []
  try {
    let baseUrl = ''
    if (viaGateway) {
      const port = await freePort()
      const operatorPort = await freePort()
      baseUrl = `http://127.0.0.1:${port}`
      gateway = startGateway(e2e.env, port, operatorPort)
      // Readiness is on the gateway's operator port.
      await waitReady(`http://127.0.0.1:${operatorPort}`)
    }
    const bench: Bench = { store, tenantId: tenant._id, key, baseUrl }
    process.stdout.write(`database ${e2e.database}; ${ops} timed repetitions per operation\n`)
    let stored = 0
    for (const level of levels) {
      if (level > stored) {
        await seedLevel(bench, stored, level, now)
        stored = level
      }
      await refreshStatistics(store.db)
      const loadBefore = load()
      const timings = await timeLevel(bench, stored, now)
      for (const [name, values] of timings) {
        const sorted = [...values].sort((a, b) => a - b)
        rows.push(
          `| ${level} | ${name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${values.length} | ${loadBefore} → ${load()} |`,
        )
      }
    }
    process.stdout.write(
      '\n| stored checks | operation | p50 ms | p99 ms | n | load average (1/5/15 min) |\n',
    )
    process.stdout.write('|---|---|---|---|---|---|\n')
    process.stdout.write(`${rows.join('\n')}\n`)
  } finally {
    gateway?.kill('SIGTERM')
    await store.close()
    if (!keep) await e2e.cleanup.run()
  }
}

/** Seeds checks `stored` to `level`, printing the rate. */
async function seedLevel(bench: Bench, stored: number, level: number, now: Date): Promise<void> {
  const started = performance.now()
  await seedVolume(bench.store.db, { checks: level, from: stored, now, tenantIds: [bench.tenantId] })
  const seconds = (performance.now() - started) / 1000
  process.stdout.write(
    `seeded ${stored} -> ${level} checks in ${seconds.toFixed(1)} s (${((level - stored) / seconds).toFixed(0)} checks/s; each check is 8 documents), load ${load()}\n`,
  )
}

/** `ops` lifecycles and reads of stored checks, then the sweepers' queries, each timed, at `stored` checks. */
async function timeLevel(bench: Bench, stored: number, now: Date): Promise<Timings> {
  const { store, tenantId } = bench
  const timings: Timings = new Map()
  const existing = () => seedCheckId(Math.floor(Math.random() * Math.max(1, stored)))
  for (let i = 0; i < ops; i++) {
    await lifecycle(store, tenantId, timings)
    if (stored > 0)
      await timed(timings, 'GET: find record (store)', () => store.checks.findRecord(tenantId, existing()))
    if (viaGateway && stored > 0)
      await timed(timings, 'GET /v1/checks/{id} (gateway, HTTP)', async () => {
        const res = await fetch(`${bench.baseUrl}/v1/checks/${existing()}`, {
          headers: { authorization: `Bearer ${bench.key}` },
        })
        if (res.status !== 200) throw new Error(`GET answered ${res.status}`)
        await res.arrayBuffer()
      })
  }
  for (let i = 0; i < Math.max(5, ops / 10); i++) {
    const past = new Date(Date.now() - 60_000)
    await timed(timings, 'sweeper: unpublished submissions', () => store.checks.findUnpublished(past))
    await timed(timings, 'sweeper: stuck checks', () => store.checks.findStuck(past))
    await timed(timings, 'sweeper: unpublished completions', () =>
      store.checks.findCompletedUnpublished(past),
    )
    // At the seed's clock: the purge's queries, not deletions (keys expiring while the bench runs
    // would be deleted one by one, which measures the traffic rate, not the stored volume).
    await timed(timings, 'sweeper: idempotency purge', () => store.idempotency.purgeExpired(now))
  }
  return timings
}

await main()
