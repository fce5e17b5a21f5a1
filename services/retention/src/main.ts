/**
 * One pass of the retention sweeper, then exit (a CronJob runs it hourly): every tenant's checks wholly
 * past its retention are erased everywhere their data lives (packages/retention; docs/data-retention.md).
 * A pass cut short is finished by the next: the cursors move only after an hour is erased. Before it, checks
 * stored before `created_hour` existed are given it (`backfillCreatedHours`, bounded per pass), and the
 * console and settlement data of checks erased before they joined the erasure goes (`eraseConsoleOfTombstoned`).
 */
import { loadRetentionJobConfig, readProcessEnv } from '@rv/config'
import { createLogger } from '@rv/logger'
import {
  backfillCreatedHours,
  consoleParticipants,
  createErasure,
  createErasureRegistry,
  eraseConsoleOfTombstoned,
  settlementParticipants,
  storeParticipants,
  sweepRetention,
} from '@rv/retention'
import { createStorage } from '@rv/storage'
import { connectStore } from '@rv/store'

const config = loadRetentionJobConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'retention' } })
const store = await connectStore(config.mongo)
try {
  await store.ensureIndexes()
  // Checks stored before created_hour get it first, so this pass already sweeps them (a no-op once done).
  const backfilled = await backfillCreatedHours(store, { now: new Date() })
  if (backfilled.checks > 0 || !backfilled.complete) logger.info('created_hour backfilled', { ...backfilled })
  // Console data of checks erased before the console joined the erasure (bounded; a no-op once done).
  const tombstoned = await eraseConsoleOfTombstoned(store, consoleParticipants(store), { now: new Date() })
  if (tombstoned.checks > 0 || !tombstoned.complete)
    logger.info('console data of erased checks erased', { ...tombstoned })
  // The same for settlement, which joined the erasure later still (its own marker).
  const unsettled = await eraseConsoleOfTombstoned(
    store,
    settlementParticipants(store),
    { now: new Date() },
    'settlement.tombstones',
  )
  if (unsettled.checks > 0 || !unsettled.complete)
    logger.info('settlement data of erased checks erased', { ...unsettled })
  const erasure = createErasure(
    store,
    createErasureRegistry(storeParticipants(store, createStorage(config.s3))),
  )
  const report = await sweepRetention(store, erasure, {
    now: new Date(),
    defaultDays: config.retention.defaultDays,
    maxHours: config.retention.maxHoursPerSweep,
  })
  logger.info('retention swept', { ...report })
  // Deliveries of dead consumers and rate windows of dead gateways (packages/store expiring-documents.ts).
  const expired = await store.expiry.sweep(new Date())
  logger.info('expired documents deleted', { ...expired })
} catch (err) {
  logger.error('retention sweep failed', { err })
  process.exitCode = 1
} finally {
  await store.close()
}
