import { type ConsumerConfig, readConsumer } from './consumer-config'
import { createEnvReader, type Env, type EnvReader } from './env-reader'
import { type ObservabilityConfig, readObservability } from './observability-config'
import { checkProductionBus } from './production-guard'
import {
  type HealthConfig,
  type KafkaConfig,
  type LogLevel,
  type MongoConfig,
  type RegistryConfig,
  readHealth,
  readIdempotencyRetentionMs,
  readKafka,
  readLogLevel,
  readMongo,
  readRegistry,
} from './sections'
import { checkProductionSigning, readSigning, type SigningConfig } from './signing-config'

export interface AggregatorConfig {
  service: 'aggregator'
  logLevel: LogLevel
  kafka: KafkaConfig
  /** Partitions handled at once (CONSUMER_CONCURRENCY); the aggregator waits on the store, so more pays. */
  consumer: ConsumerConfig
  registry: RegistryConfig
  mongo: MongoConfig
  /** /healthz and /readyz; no server when HEALTH_PORT is unset. */
  health: HealthConfig
  /** Metrics (served on the health port) and traces. */
  observability: ObservabilityConfig
  sweeper: {
    intervalMs: number
    /** A pending submission still unpublished after this long is published again. */
    republishAfterMs: number
    /** A check not terminal after this long is failed with `stage_timeout`. */
    deadlineMs: number
    /** Idempotency records older than this are purged, `idempotencyPurgeBatch` per round. */
    idempotencyRetentionMs: number
    idempotencyPurgeBatch: number
  }
  /**
   * How long a trusted check's stage results may stay in memory, their offsets held, before they are
   * written to their slots (services/aggregator/src/held-results.ts); 0 writes every result at once.
   */
  holdResultsMs: number
  /** Signs each check.completed.v1 (its `signature` member). */
  signing: SigningConfig
}

/**
 * @example
 * const config = loadAggregatorConfig(readProcessEnv())
 */
export function loadAggregatorConfig(env: Env): AggregatorConfig {
  const r = createEnvReader(env)
  const config = readAggregatorConfig(r)
  r.finish()
  return config
}

/** Reads every variable of the aggregator without validating; `loadAggregatorConfig` validates. */
export function readAggregatorConfig(r: EnvReader): AggregatorConfig {
  const config: AggregatorConfig = {
    service: 'aggregator',
    logLevel: readLogLevel(r),
    kafka: readKafka(r, 'aggregator'),
    // Five input topics of three partitions: more at once than a stage, whose work is CPU.
    consumer: readConsumer(r, { concurrency: 6 }),
    registry: readRegistry(r),
    mongo: readMongo(r),
    health: readHealth(r),
    observability: readObservability(r),
    sweeper: {
      intervalMs: r.int('SWEEP_INTERVAL_MS', { doc: 'Sweeper period', default: 5000, min: 100 }),
      republishAfterMs: r.int('REPUBLISH_AFTER_MS', {
        doc: 'Age of an unpublished submission',
        default: 10_000,
        min: 0,
      }),
      deadlineMs: r.int('STAGE_DEADLINE_MS', { doc: 'Deadline of a check', default: 120_000, min: 1000 }),
      idempotencyRetentionMs: readIdempotencyRetentionMs(r),
      idempotencyPurgeBatch: r.int('IDEMPOTENCY_PURGE_BATCH', {
        doc: 'Expired idempotency records deleted per round',
        default: 500,
        min: 1,
      }),
    },
    holdResultsMs: r.int('HOLD_RESULTS_MS', {
      doc: 'Longest a stage result is held in memory before its slot is written (0: never held)',
      default: 5000,
      min: 0,
    }),
    signing: readSigning(r),
  }
  // Held results are written out before the sweeper's deadline reads a check's slots (held-results.ts).
  if (config.holdResultsMs > 0 && config.holdResultsMs >= config.sweeper.deadlineMs)
    r.problem(
      'HOLD_RESULTS_MS must be below STAGE_DEADLINE_MS (or 0): held results must be written before the deadline',
    )
  checkProductionSigning(r, checkProductionBus(r, config), config.signing)
  return config
}
