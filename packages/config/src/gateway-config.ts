import { createEnvReader, type Env, type EnvReader } from './env-reader'
import { type ObservabilityConfig, readObservability } from './observability-config'
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
import { checkProductionSigning, readSigning, type SigningConfig } from './signing-config'

export interface GatewayConfig {
  service: 'gateway'
  logLevel: LogLevel
  http: HttpConfig
  kafka: KafkaConfig
  registry: RegistryConfig
  mongo: MongoConfig
  s3: S3Config
  /**
   * The operator port: /metrics, /readyz and /healthz, on `http.host`, never routed by the ingress (the public
   * port serves only /healthz and /v1). 0 = any free port.
   */
  operator: { port: number }
  /** Metrics (served at /metrics on the operator port) and traces. */
  observability: ObservabilityConfig
  limits: {
    maxFileBytes: number
    /** Upper bound of `Prefer: wait=N`. */
    maxWaitSeconds: number
    /** How often a waiting request first re-reads the record; the interval doubles up to `waitPollMaxMs`. */
    waitPollMs: number
    waitPollMaxMs: number
    /** Credit lines one bank statement may carry (`POST /v1/credits/statements`; more: 413). */
    maxStatementLines: number
  }
  /** A publish of check.submitted.v1 is bounded; after a failed one, submissions get 503 for `cooldownMs`. */
  bus: { timeoutMs: number; cooldownMs: number }
  /** How long an API key's tenant and a tenant's latest profile are reused without asking the store. */
  lookupCacheMs: number
  /** Per-tenant token bucket of each gateway instance. */
  rateLimit: { capacity: number; refillPerSecond: number }
  /** A tenant's requests per window across every gateway instance (counted in the store). */
  sharedRateLimit: { limit: number; windowMs: number; syncMs: number }
  /** Requests of one tenant in progress at once per gateway instance. */
  concurrency: { maxPerTenant: number }
  profile: { name: string; version: number }
  /** Idempotency records older than this count as absent. */
  idempotencyRetentionMs: number
  /** Signs GET /v1/checks/{id} (RV-Record-Signature) and serves /.well-known/jwks.json. */
  signing: SigningConfig
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
    operator: {
      port: r.int('OPERATOR_PORT', {
        doc: "The gateway's operator port: /metrics, /readyz, /healthz (0 = any free port)",
        default: 9090,
        min: 0,
        max: 65535,
      }),
    },
    observability: readObservability(r),
    limits: {
      maxFileBytes: r.int('MAX_FILE_BYTES', {
        doc: 'Largest accepted upload',
        default: 10 * 1024 * 1024,
        min: 1,
      }),
      maxStatementLines: r.int('STATEMENT_MAX_LINES', {
        doc: 'Credit lines one bank statement may carry (POST /v1/credits/statements); more is 413 batch_too_large',
        default: 10_000,
        min: 1,
      }),
      maxWaitSeconds: r.int('MAX_WAIT_SECONDS', {
        doc: 'Largest honoured Prefer: wait',
        default: 30,
        min: 0,
      }),
      waitPollMs: r.int('WAIT_POLL_MS', {
        doc: 'First poll interval of Prefer: wait',
        default: 100,
        min: 10,
      }),
      waitPollMaxMs: r.int('WAIT_POLL_MAX_MS', {
        doc: 'Longest poll interval of Prefer: wait (the interval doubles up to it)',
        default: 1000,
        min: 10,
      }),
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
    sharedRateLimit: {
      limit: r.int('RATE_LIMIT_PER_MINUTE', {
        doc: 'Requests per minute per tenant across all gateway instances (counted in the store)',
        default: 600,
        min: 1,
      }),
      windowMs: 60_000,
      syncMs: r.int('RATE_LIMIT_SYNC_MS', {
        doc: 'Least time between two background syncs of the shared limit with the store, per instance (all tenants at once; no request waits for it)',
        default: 250,
        min: 0,
      }),
    },
    concurrency: {
      maxPerTenant: r.int('MAX_CONCURRENT_REQUESTS_PER_TENANT', {
        doc: 'Requests of one tenant in progress at once per gateway instance (then 429)',
        default: 32,
        min: 1,
      }),
    },
    profile: {
      name: r.string('PROFILE_NAME', { doc: 'Default decision profile', default: 'default' }),
      version: r.int('PROFILE_VERSION', { doc: 'Version of the default profile', default: 1, min: 1 }),
    },
    idempotencyRetentionMs: readIdempotencyRetentionMs(r),
    signing: readSigning(r),
  }
  checkProductionSigning(r, checkProductionBus(r, config), config.signing)
  return config
}
