import { createEnvReader, type Env, type EnvReader } from './env-reader'
import {
  type PublishBusConfig,
  type RateLimitConfig,
  readPublishBus,
  readRateLimit,
  readSharedRateLimit,
  readUploadLimits,
  type SharedRateLimitConfig,
  type UploadLimits,
} from './gateway-sections'
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
  limits: UploadLimits
  /** A publish of check.submitted.v1 is bounded; after a failed one, submissions get 503 for `cooldownMs`. */
  bus: PublishBusConfig
  /** How long an API key's tenant and a tenant's latest profile are reused without asking the store. */
  lookupCacheMs: number
  /** Per-tenant token bucket of each gateway instance. */
  rateLimit: RateLimitConfig
  /** A tenant's requests per window across every gateway instance (counted in the store). */
  sharedRateLimit: SharedRateLimitConfig
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
    limits: readUploadLimits(r),
    bus: readPublishBus(r),
    // One second: under load a POST then costs three store reads fewer (key, tenant, latest
    // profile), while a revoked key stops working, and a new profile version is pinned, within a second.
    lookupCacheMs: r.int('LOOKUP_CACHE_MS', {
      doc: 'How long a key -> tenant and tenant -> profile lookup is reused (0: never; a revoked key works that long)',
      default: 1000,
      min: 0,
    }),
    rateLimit: readRateLimit(r),
    sharedRateLimit: readSharedRateLimit(r),
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
