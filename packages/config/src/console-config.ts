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
  signIn: {
    freeFailures: number
    baseDelayMs: number
    maxDelayMs: number
    hashConcurrency: number
  }
  /** The proxies whose `X-Forwarded-For` entries name the client (none: the socket's peer is the client). */
  proxies: { hops: number; cidrs: string[] }
  /** How often the console deletes expired sessions. */
  sessionPurgeMs: number
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
    signIn: {
      freeFailures: r.int('CONSOLE_SIGNIN_FREE_FAILURES', {
        doc: 'Failed console sign-ins per account and per client address before any delay',
        default: 3,
        min: 0,
      }),
      baseDelayMs: r.int('CONSOLE_SIGNIN_BASE_DELAY_MS', {
        doc: 'The first sign-in delay after the free failures; each further failure doubles it',
        default: 1000,
        min: 1,
      }),
      maxDelayMs:
        r.int('CONSOLE_SIGNIN_MAX_DELAY_SECONDS', {
          doc: 'The longest sign-in delay (never a lock-out, only a wait)',
          default: 300,
          min: 1,
        }) * 1000,
      hashConcurrency: r.int('CONSOLE_HASH_CONCURRENCY', {
        doc: 'Password hashes (scrypt, 32 MiB each) running at once per console process; more answer 429',
        default: 4,
        min: 1,
      }),
    },
    proxies: {
      hops: r.int('CONSOLE_TRUSTED_PROXY_HOPS', {
        doc: 'Proxies in front of the console whose X-Forwarded-For entry names the client (0: none)',
        default: 0,
        min: 0,
        max: 10,
      }),
      cidrs: (
        r.optionalString('CONSOLE_TRUSTED_PROXIES', {
          doc: 'Comma-separated addresses or CIDRs of trusted proxies (X-Forwarded-For walked back through them)',
        }) ?? ''
      )
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    },
    sessionPurgeMs:
      r.int('CONSOLE_SESSION_PURGE_MINUTES', {
        doc: 'How often the console deletes expired sessions',
        default: 60,
        min: 1,
      }) * 60_000,
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
    signing: readSigning(r),
  }
  // Production is behind TLS: the session cookie is Secure only when the public address is https.
  const env = checkProductionBus(r, config)
  if (env === 'production' && !config.publicUrl.startsWith('https:'))
    r.problem('RV_ENV=production requires an https CONSOLE_PUBLIC_URL (the session cookie must be Secure)')
  checkProductionSigning(r, env, config.signing)
  return config
}
