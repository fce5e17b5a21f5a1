import {
  type ConsoleSignInConfig,
  type ReviewSweeperConfig,
  readReviewSweeper,
  readSignIn,
  readTrustedProxies,
  type TrustedProxiesConfig,
} from './console-sections'
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
import { checkProductionSigning, readSigning, type SigningConfig } from './signing-config'

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
  /** Sign-in backoff per account and per client address, and the cap on password hashes at once. */
  signIn: ConsoleSignInConfig
  /** The proxies whose `X-Forwarded-For` entries name the client (none: the socket's peer is the client). */
  proxies: TrustedProxiesConfig
  /** How often the console deletes expired sessions. */
  sessionPurgeMs: number
  /**
   * HEALTH_PORT set: /healthz, /readyz and /metrics on that port (on HOST), and no /metrics on the console's
   * own port, which faces analysts; unset: /metrics on the console's port (a laptop, compose).
   */
  health: HealthConfig
  observability: ObservabilityConfig
  /** The outbox of check.reviewed.v1 (docs/console.md). */
  sweeper: ReviewSweeperConfig
  /** How long one reading of the queue gauges serves scrapes. */
  queueMetricsCacheMs: number
  /** Signs each check.reviewed.v1 (its `signature` member). */
  signing: SigningConfig
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
    signIn: readSignIn(r),
    proxies: readTrustedProxies(r),
    sessionPurgeMs:
      r.int('CONSOLE_SESSION_PURGE_MINUTES', {
        doc: 'How often the console deletes expired sessions',
        default: 60,
        min: 1,
      }) * 60_000,
    health: readHealth(r),
    observability: readObservability(r),
    sweeper: readReviewSweeper(r),
    queueMetricsCacheMs:
      r.int('CONSOLE_QUEUE_METRICS_CACHE_SECONDS', {
        doc: 'How long one reading of the review queue gauges serves scrapes',
        default: 15,
        min: 1,
      }) * 1000,
    signing: readSigning(r),
  }
  // Production is behind TLS: the session cookie is Secure only when the public address is https.
  const env = checkProductionBus(r, config)
  if (env === 'production' && !config.publicUrl.startsWith('https:'))
    r.problem('RV_ENV=production requires an https CONSOLE_PUBLIC_URL (the session cookie must be Secure)')
  checkProductionSigning(r, env, config.signing)
  return config
}
