import type { StageName } from '@rv/core/vocabulary'
import { type ConsumerConfig, readConsumer } from './consumer-config'
import { createEnvReader, type Env, type EnvReader } from './env-reader'
import { type ObservabilityConfig, readObservability } from './observability-config'
import { type PdfParseConfig, readPdfParse } from './pdf-parse-config'
import { checkProductionBus } from './production-guard'
import {
  type FingerprintsConfig,
  type HealthConfig,
  type KafkaConfig,
  type LogLevel,
  type MongoConfig,
  type RegistryConfig,
  readFingerprints,
  readHealth,
  readKafka,
  readLogLevel,
  readMongo,
  readRegistry,
  readS3,
  readVlm,
  type S3Config,
  type VlmConfig,
} from './sections'

export type StageService = StageName

/** The shape shared by the four stage consumers; each uses the parts it needs. */
export interface StageConfig {
  service: StageService
  logLevel: LogLevel
  kafka: KafkaConfig
  /** Partitions handled at once (CONSUMER_CONCURRENCY). */
  consumer: ConsumerConfig
  registry: RegistryConfig
  mongo: MongoConfig
  s3: S3Config
  vlm: VlmConfig
  /** /healthz and /readyz; no server when HEALTH_PORT is unset. */
  health: HealthConfig
  /** Metrics (served on the health port) and traces. */
  observability: ObservabilityConfig
  /** Secret mixed into replay keys so digests are not comparable across deployments. */
  replayKeySecret: string | undefined
  /** Stored fingerprints and template drift (authenticity). */
  fingerprints: FingerprintsConfig
  /** Time and heap bounds of a PDF parse (extraction, authenticity). */
  pdfParse: PdfParseConfig
}

/**
 * @example
 * const config = loadStageConfig('extraction', readProcessEnv())
 */
export function loadStageConfig(service: StageService, env: Env): StageConfig {
  const r = createEnvReader(env)
  const config = readStageConfig(service, r)
  r.finish()
  return config
}

/** Reads every variable of a stage consumer without validating; `loadStageConfig` validates. */
export function readStageConfig(service: StageService, r: EnvReader): StageConfig {
  const config: StageConfig = {
    service,
    logLevel: readLogLevel(r),
    kafka: readKafka(r, service),
    consumer: readConsumer(r),
    registry: readRegistry(r),
    mongo: readMongo(r),
    s3: readS3(r),
    vlm: readVlm(r),
    health: readHealth(r),
    observability: readObservability(r),
    replayKeySecret: r.optionalString('REPLAY_KEY_SECRET', {
      doc: 'Secret of replay key digests',
      secret: true,
    }),
    fingerprints: readFingerprints(r),
    pdfParse: readPdfParse(r),
  }
  checkProductionBus(r, config)
  return config
}
