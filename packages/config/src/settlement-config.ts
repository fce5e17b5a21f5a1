import { type ConsumerConfig, feederFetch, readConsumer } from './consumer-config'
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
  readKafka,
  readLogLevel,
  readMongo,
  readRegistry,
} from './sections'
import { checkProductionSigning, readSigning, type SigningConfig } from './signing-config'

export interface SettlementConfig {
  service: 'settlement'
  logLevel: LogLevel
  kafka: KafkaConfig
  /** Partitions handled at once (CONSUMER_CONCURRENCY). */
  consumer: ConsumerConfig
  registry: RegistryConfig
  mongo: MongoConfig
  /** /healthz and /readyz; no server when HEALTH_PORT is unset. */
  health: HealthConfig
  observability: ObservabilityConfig
  /** How often awaited settlements past their wait are turned into `settlement_not_found`, and how many per round. */
  sweeper: { intervalMs: number; batch: number }
  /** Signs each check.settlement-changed.v1 (its `signature` member). */
  signing: SigningConfig
}

/**
 * @example
 * const config = loadSettlementConfig(readProcessEnv())
 */
export function loadSettlementConfig(env: Env): SettlementConfig {
  const r = createEnvReader(env)
  const config = readSettlementConfig(r)
  // RV_ENV=production: no plaintext bus (production-guard.ts), as for every other service; events signed.
  checkProductionSigning(r, checkProductionBus(r, config), config.signing)
  r.finish()
  return config
}

/** Reads every variable of the settlement service without validating; `loadSettlementConfig` validates. */
export function readSettlementConfig(r: EnvReader): SettlementConfig {
  return {
    service: 'settlement',
    logLevel: readLogLevel(r),
    kafka: readKafka(r, 'settlement'),
    consumer: readConsumer(r, feederFetch),
    registry: readRegistry(r),
    mongo: readMongo(r),
    health: readHealth(r),
    observability: readObservability(r),
    sweeper: {
      intervalMs: r.int('SETTLEMENT_SWEEP_INTERVAL_MS', {
        doc: 'Period of the settlement sweeper (awaited credits past the wait)',
        default: 10_000,
        min: 100,
      }),
      batch: r.int('SETTLEMENT_SWEEP_BATCH', {
        doc: 'Awaited settlements past the wait decided per sweeper round',
        default: 200,
        min: 1,
      }),
    },
    signing: readSigning(r),
  }
}
