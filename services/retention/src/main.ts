/**
 * One pass of the retention sweeper, then exit (a CronJob runs it hourly): every tenant's checks wholly
 * past its retention are erased everywhere their data lives (packages/retention; docs/data-retention.md).
 * A pass cut short is finished by the next: the cursors move only after an hour is erased. Before it, checks
 * stored before `created_hour` existed are given it (`backfillCreatedHours`, bounded per pass), and the
 * console and settlement data of checks erased before they joined the erasure goes (`eraseConsoleOfTombstoned`).
 * The order, the logs and the exit code: `retention-pass.ts`.
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
import { runRetentionPass } from './retention-pass'

const config = loadRetentionJobConfig(readProcessEnv())
const logger = createLogger({ level: config.logLevel, bindings: { service: 'retention' } })
const store = await connectStore(config.mongo)
process.exitCode = await runRetentionPass(
  {
    ensureIndexes: () => store.ensureIndexes(),
    backfillCreatedHours: () => backfillCreatedHours(store, { now: new Date() }),
    eraseConsoleOfTombstoned: () =>
      eraseConsoleOfTombstoned(store, consoleParticipants(store), { now: new Date() }),
    eraseSettlementOfTombstoned: () =>
      eraseConsoleOfTombstoned(
        store,
        settlementParticipants(store),
        { now: new Date() },
        'settlement.tombstones',
      ),
    sweepRetention: () =>
      sweepRetention(
        store,
        createErasure(store, createErasureRegistry(storeParticipants(store, createStorage(config.s3)))),
        {
          now: new Date(),
          defaultDays: config.retention.defaultDays,
          maxHours: config.retention.maxHoursPerSweep,
        },
      ),
    sweepExpired: () => store.expiry.sweep(new Date()),
    close: () => store.close(),
  },
  logger,
)
