import { createEnvReader, type Env, type EnvReader } from './env-reader'
import { checkProductionBus } from './production-guard'
import {
  type HttpConfig,
  type KafkaConfig,
  type LogLevel,
  type MongoConfig,
  type RegistryConfig,
  readHttp,
  readIdempotencyRetentionMs,
  readKafka,
  readLogLevel,
  readMongo,
  readRegistry,
  readS3,
  type S3Config,
} from './sections'

export interface GatewayConfig {
  service: 'gateway'
  logLevel: LogLevel
  http: HttpConfig
  kafka: KafkaConfig
  registry: RegistryConfig
  mongo: MongoConfig
  s3: S3Config
  limits: {
    maxFileBytes: number
    /** Upper bound of `Prefer: wait=N`. */
    maxWaitSeconds: number
    /** How often a waiting request re-reads the record. */
    waitPollMs: number
  }
  /** A publish of check.submitted.v1 is bounded; after a failed one, submissions get 503 for `cooldownMs`. */
  bus: { timeoutMs: number; cooldownMs: number }
  /** How long an API key's tenant and a tenant's latest profile are reused without asking the store. */
  lookupCacheMs: number
  /** Per-tenant token bucket of each gateway instance. */
  rateLimit: { capacity: number; refillPerSecond: number }
  profile: { name: string; version: number }
  /** Idempotency records older than this count as absent. */
  idempotencyRetentionMs: number
}

/**
 * @example
 * const config = loadGatewayConfig(readProcessEnv())
 */
export function loadGatewayConfig(env: Env): GatewayConfig {
  const r = createEnvReader(env)
  const config = readGatewayConfig(r)
  r.finish()
  return config
}

/** Reads every variable of the gateway without validating; `loadGatewayConfig` validates. */
export function readGatewayConfig(r: EnvReader): GatewayConfig {
  const config: GatewayConfig = {
    service: 'gateway',
    logLevel: readLogLevel(r),
    http: readHttp(r, 8080),
    kafka: readKafka(r, 'gateway'),
    registry: readRegistry(r),
    mongo: readMongo(r),
    s3: readS3(r),
    limits: {
      maxFileBytes: r.int('MAX_FILE_BYTES', {
        doc: 'Largest accepted upload',
        default: 10 * 1024 * 1024,
        min: 1,
      }),
      maxWaitSeconds: r.int('MAX_WAIT_SECONDS', {
        doc: 'Largest honoured Prefer: wait',
        default: 30,
        min: 0,
      }),
      waitPollMs: r.int('WAIT_POLL_MS', { doc: 'Poll interval of Prefer: wait', default: 100, min: 10 }),
    },
    bus: {
      timeoutMs: r.int('PUBLISH_TIMEOUT_MS', {
        doc: 'Longest a POST waits for check.submitted.v1 to be acknowledged',
        default: 3000,
        min: 100,
      }),
      cooldownMs: r.int('BUS_DOWN_COOLDOWN_MS', {
        doc: 'How long a failed publish makes POST answer 503 before trying the bus again',
        default: 5000,
        min: 0,
      }),
    },
    // One second: under load a POST then costs three store reads fewer (key, tenant, latest
    // profile), while a revoked key stops working, and a new profile version is pinned, within a second.
    lookupCacheMs: r.int('LOOKUP_CACHE_MS', {
      doc: 'How long a key -> tenant and tenant -> profile lookup is reused (0: never; a revoked key works that long)',
      default: 1000,
      min: 0,
    }),
    rateLimit: {
      capacity: r.int('RATE_LIMIT_BURST', { doc: 'Requests a tenant may burst', default: 20, min: 1 }),
      refillPerSecond: r.int('RATE_LIMIT_PER_SECOND', {
        doc: 'Sustained requests per second per tenant',
        default: 10,
        min: 1,
      }),
    },
    profile: {
      name: r.string('PROFILE_NAME', { doc: 'Default decision profile', default: 'default' }),
      version: r.int('PROFILE_VERSION', { doc: 'Version of the default profile', default: 1, min: 1 }),
    },
    idempotencyRetentionMs: readIdempotencyRetentionMs(r),
  }
  checkProductionBus(r, config)
  return config
}
