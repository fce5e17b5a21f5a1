/**
 * The console's pass over erased checks (`eraseConsoleOfTombstoned`) at volume: one tenant with many
 * tombstones (`--tombstones`), `--console` of them with a decision, an audit entry and a queue entry left
 * behind, in a database of its own. Times a page read of 1000 and of `--max` ids at the start and in the
 * middle of the tenant (FerretDB evaluates the `_id` range and sort over the tenant's tombstones, so both
 * cost about the same), then runs of `--max` checks (marker saved every `--batch`)
 * until the tenant is done (or `--runs` of them), then a run that must read nothing; drops the database.
 * docs/data-retention.md.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:tombstones -- --tombstones 100000 --console 1000 --max 10000 --runs 1
 */
import { consoleParticipants, eraseConsoleOfTombstoned } from '@rv/retention'
import { connectStore } from '@rv/store'
import { loadAverage, requireStack, secondsSince, wholeNumberOption } from './cli'

const tombstones = wholeNumberOption('tombstones', 100_000)
const withConsole = Math.min(wholeNumberOption('console', 1000), tombstones)
const batch = wholeNumberOption('batch', 500)
const maxRuns = wholeNumberOption('runs', Number.MAX_SAFE_INTEGER)
const maxChecks = wholeNumberOption('max', 10_000)
const stack = requireStack()
const load = loadAverage
const seconds = (from: number) => secondsSince(from, 2)
const checkId = (i: number) => `chk_bench${String(i).padStart(9, '0')}`

const store = await connectStore({ url: stack.mongoUrl, database: `bench_tombstones_${Date.now()}` })
try {
  console.log(
    `bench:tombstones ${new Date().toISOString()} load ${load()}: ${tombstones} tombstones, ${withConsole} with console data`,
  )
  await store.ensureIndexes()
  const now = new Date()
  const tenant = await store.tenants.createTenant('bench-tombstones', now)
  // A neighbour with a few, so the tenant's equality is selective as in a shared deployment.
  const neighbour = await store.tenants.createTenant('bench-neighbour', now)
  let t = performance.now()
  const db = store.db
  for (let from = 0; from < tombstones; from += 1000) {
    const ids = Array.from({ length: Math.min(1000, tombstones - from) }, (_, k) => checkId(from + k))
    const docs = ids.map((_id) => ({ _id, tenant_id: tenant._id, reason: 'erasure', deleted_at: now }))
    await db.collection<{ _id: string }>('check_tombstones').insertMany(docs)
  }
  for (let i = 0; i < 10; i++) await store.tombstones.bury(neighbour._id, `chk_neigh${i}`, 'erasure', now)
  const of = (i: number) => ({ tenant_id: tenant._id, check_id: checkId(i) })
  const spread = (k: number) => Math.floor((k * tombstones) / withConsole)
  const sample = Array.from({ length: withConsole }, (_, k) => spread(k))
  await db.collection('check_decisions').insertMany(sample.map((i) => ({ ...of(i), decision: 'forged' })))
  await db.collection('console_audit').insertMany(sample.map((i) => ({ ...of(i), action: 'decide' })))
  await db
    .collection<{ _id: string }>('review_queue')
    .insertMany(sample.map((i) => ({ _id: checkId(i), tenant_id: tenant._id, queue: 'review' })))
  console.log(`seeded in ${seconds(t)} s (load ${load()})`)

  for (const [name, after] of [
    ['first', null],
    ['middle', checkId(Math.floor(tombstones / 2))],
  ] as const) {
    for (const limit of [1000, maxChecks]) {
      t = performance.now()
      const ids = await store.tombstones.idsOfTenant(tenant._id, after, limit)
      console.log(`page read (${name}, ${ids.length} ids of ${limit}): ${seconds(t)} s`)
    }
  }

  const participants = consoleParticipants(store)
  let runs = 0
  let complete = false
  while (!complete && runs < maxRuns) {
    t = performance.now()
    const report = await eraseConsoleOfTombstoned(store, participants, { now, batch, maxChecks })
    console.log(`run ${++runs}: ${JSON.stringify(report)} in ${seconds(t)} s (load ${load()})`)
    complete = report.complete
  }
  if (complete) {
    t = performance.now()
    const again = await eraseConsoleOfTombstoned(store, participants, { now, batch, maxChecks })
    console.log(`run after done: ${JSON.stringify(again)} in ${seconds(t)} s`)
  } else console.log(`stopped after ${runs} runs (--runs)`)
  const left = await db.collection('check_decisions').countDocuments({ tenant_id: tenant._id })
  console.log(`decisions of erased checks left: ${left} (of ${withConsole})`)
} finally {
  await store.db.dropDatabase()
  await store.close()
}
