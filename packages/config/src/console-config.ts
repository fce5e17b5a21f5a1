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
  readS3,
  type S3Config,
} from './sections'

export interface ConsoleConfig {
  service: 'console'
  logLevel: LogLevel
  http: { host: string; port: number }
  /** Where analysts open the console: its scheme decides the cookie's `Secure`, its origin the CSRF check. */
  publicUrl: string
  kafka: KafkaConfig
  registry: RegistryConfig
  mongo: MongoConfig
  s3: S3Config
  sessionMs: number
  leaseMs: number
  /** Sign-in attempts per address (and per client address) per minute. */
  signInPerMinute: number
  /**
   * HEALTH_PORT set: /healthz, /readyz and /metrics on that port (on HOST), and no /metrics on the console's
   * own port, which faces analysts; unset: /metrics on the console's port (a laptop, compose).
   */
  health: HealthConfig
  observability: ObservabilityConfig
  /** The outbox of check.reviewed.v1 (docs/console.md). */
  sweeper: { intervalMs: number; republishAfterMs: number; batch: number }
  /** How long one reading of the queue gauges serves scrapes. */
  queueMetricsCacheMs: number
}

/**
 * @example
 * const config = loadConsoleConfig(readProcessEnv())
 */
export function loadConsoleConfig(env: Env): ConsoleConfig {
  const r = createEnvReader(env)
  const config = readConsoleConfig(r)
  r.finish()
  return config
}

/** Reads every variable of the review console without validating; `loadConsoleConfig` validates. */
export function readConsoleConfig(r: EnvReader): ConsoleConfig {
  const port = r.int('CONSOLE_PORT', {
    doc: 'Review console HTTP port (0 = any free port)',
    default: 8090,
    min: 0,
    max: 65535,
  })
  const config: ConsoleConfig = {
    service: 'console',
    logLevel: readLogLevel(r),
    http: {
      host: r.string('CONSOLE_HOST', { doc: 'Review console listen address', default: '127.0.0.1' }),
      port,
    },
    publicUrl: r.url('CONSOLE_PUBLIC_URL', {
      doc: 'The console’s address as analysts open it (https → Secure cookie; its origin is the only one allowed to change state)',
      default: `http://127.0.0.1:${port}`,
    }),
    kafka: readKafka(r, 'console'),
    registry: readRegistry(r),
    mongo: readMongo(r),
    s3: readS3(r),
    sessionMs:
      r.int('CONSOLE_SESSION_MINUTES', { doc: 'Console session lifetime', default: 480, min: 1 }) * 60_000,
    leaseMs:
      r.int('CONSOLE_CLAIM_MINUTES', {
        doc: 'How long an analyst’s claim on a check lasts',
        default: 15,
        min: 1,
      }) * 60_000,
    signInPerMinute: r.int('CONSOLE_SIGNIN_PER_MINUTE', {
      doc: 'Console sign-in attempts per address and per client per minute',
      default: 5,
      min: 1,
    }),
    health: readHealth(r),
    observability: readObservability(r),
    sweeper: {
      intervalMs: r.int('CONSOLE_SWEEP_INTERVAL_MS', {
        doc: 'Period of the console’s sweeper of unpublished decisions',
        default: 5000,
        min: 100,
      }),
      republishAfterMs: r.int('CONSOLE_REPUBLISH_AFTER_MS', {
        doc: 'Age of a decision still unpublished that the sweeper publishes again',
        default: 10_000,
        min: 0,
      }),
      batch: r.int('CONSOLE_REPUBLISH_BATCH', {
        doc: 'Unpublished decisions republished per sweep at most',
        default: 100,
        min: 1,
      }),
    },
    queueMetricsCacheMs:
      r.int('CONSOLE_QUEUE_METRICS_CACHE_SECONDS', {
        doc: 'How long one reading of the review queue gauges serves scrapes',
        default: 15,
        min: 1,
      }) * 1000,
  }
  // Production is behind TLS: the session cookie is Secure only when the public address is https.
  if (checkProductionBus(r, config) === 'production' && !config.publicUrl.startsWith('https:'))
    r.problem('RV_ENV=production requires an https CONSOLE_PUBLIC_URL (the session cookie must be Secure)')
  return config
}
