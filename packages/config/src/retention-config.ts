/**
 * Personal data retention: how long a check and everything of it (stage results, replay keys, file) is
 * kept when its tenant sets nothing (`npm run admin -- tenant retention`). Read by the retention sweeper
 * (`services/retention`, run as a CronJob, or `npm run admin -- retention sweep`); docs/data-retention.md.
 */
import { createEnvReader, type Env, type EnvReader } from './env-reader'
import { type LogLevel, type MongoConfig, readLogLevel, readMongo, readS3, type S3Config } from './sections'

export interface RetentionConfig {
  /** Days a check is kept for a tenant without its own `retention_days`; 0 keeps forever. */
  defaultDays: number
  /** Hour buckets per tenant one sweep erases at most (bounds a sweep after a long pause). */
  maxHoursPerSweep: number
}

export function readRetention(r: EnvReader): RetentionConfig {
  return {
    defaultDays: r.int('RETENTION_DAYS', {
      doc: 'Days a check and its data are kept when the tenant sets none (0: forever)',
      default: 90,
      min: 0,
    }),
    maxHoursPerSweep: r.int('RETENTION_SWEEP_MAX_HOURS', {
      doc: 'Hour buckets per tenant one retention sweep erases at most',
      default: 24 * 7,
      min: 1,
    }),
  }
}

/** The retention job (`services/retention`, a CronJob): the store, the files, the retention. */
export interface RetentionJobConfig {
  logLevel: LogLevel
  mongo: MongoConfig
  s3: S3Config
  retention: RetentionConfig
}

/**
 * @example
 * const config = loadRetentionJobConfig(readProcessEnv())
 */
export function loadRetentionJobConfig(env: Env): RetentionJobConfig {
  const r = createEnvReader(env)
  const config: RetentionJobConfig = {
    logLevel: readLogLevel(r),
    mongo: readMongo(r),
    s3: readS3(r),
    retention: readRetention(r),
  }
  r.finish()
  return config
}
