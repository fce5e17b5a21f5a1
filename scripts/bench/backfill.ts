/**
 * The `created_hour` backfill at volume: seeds finished checks (packages/store/test/seed-volume.ts) in a
 * database of its own without `created_hour` (the shape stored before it existed; seeding 100 000 with it
 * and stripping it afterwards with one updateMany had not finished after 36 min on the shared machine), then times
 * `backfillCreatedHours` and a second run (which must find nothing), and drops the database. Prints checks
 * per second and the load average. docs/data-retention.md.
 *
 *   eval "$(bash deploy/native/stack.sh env)"
 *   npm run bench:backfill -- --checks 100000 --tenants 100 --batch 500
 */
import { backfillCreatedHours } from '@rv/retention'
import { connectStore } from '@rv/store'
import { refreshStatistics, seedVolume } from '../../packages/store/test/seed-volume'
import { loadAverage, requireStack, secondsSince, wholeNumberOption } from './cli'

const checks = wholeNumberOption('checks', 100_000)
const tenants = wholeNumberOption('tenants', 100)
const batch = wholeNumberOption('batch', 500)
const stack = requireStack()
const load = loadAverage
const seconds = (from: number) => secondsSince(from, 1)

const database = `bench_backfill_${Date.now()}`
const store = await connectStore({ url: stack.mongoUrl, database })
try {
  console.log(
    `bench:backfill ${new Date().toISOString()} load ${load()}: ${checks} checks, ${tenants} tenants`,
  )
  await store.ensureIndexes()
  const now = new Date()
  let t = performance.now()
  await seedVolume(store.db, { checks, now, tenants, withoutCreatedHour: true })
  await refreshStatistics(store.db)
  console.log(`seeded ${checks} old-shape checks in ${seconds(t)} s (load ${load()})`)

  t = performance.now()
  const report = await backfillCreatedHours(store, { now, batch, maxChecks: Number.MAX_SAFE_INTEGER })
  const took = (performance.now() - t) / 1000
  console.log(
    `backfill: ${JSON.stringify(report)} in ${took.toFixed(1)} s, ${(report.checks / took).toFixed(0)} checks/s (batch ${batch}, load ${load()})`,
  )
  t = performance.now()
  const again = await backfillCreatedHours(store, { now, batch })
  console.log(`second run: ${JSON.stringify(again)} in ${seconds(t)} s`)
  const left = await store.db.collection('checks').countDocuments({ created_hour: null })
  console.log(`checks without created_hour left: ${left}`)
} finally {
  await store.db.dropDatabase()
  await store.close()
}
