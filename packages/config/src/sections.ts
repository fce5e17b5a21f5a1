/**
 * The shared configuration pieces. Each section documents its variables and defaults in one place; the
 * defaults match the native local stack (`npm run stack:start`).
 */
import { type PriceTable, priceTableProblems } from '@rv/core/cost'
import type { ModelUse } from '@rv/core/extraction'
import type { EnvReader } from './env-reader'
import {
  type KafkaSecurityConfig,
  type RegistryAuthConfig,
  readKafkaSecurity,
  readRegistryAuth,
} from './kafka-security-config'
import { readTopicLayout, type TopicLayoutConfig } from './topic-layout-config'

export interface KafkaConfig {
  brokers: string[]
  clientId: string
  /** Prefix of consumer group ids, so parallel test runs never share offsets. */
  groupPrefix: string
  /** Prefix of every topic name, so parallel test runs never share topics ('' in production). */
  topicPrefix: string
  /** Partitions and replication of the topics `ensureTopics` creates or grows. */
  topics: TopicLayoutConfig
  /** TLS and SASL towards the brokers (both off on the local stack). */
  security: KafkaSecurityConfig
}

export function readKafka(r: EnvReader, service: string): KafkaConfig {
  return {
    brokers: r.list('KAFKA_BROKERS', {
      doc: 'Kafka bootstrap brokers, comma-separated',
      default: '127.0.0.1:19092',
    }),
    clientId: r.string('KAFKA_CLIENT_ID', { doc: 'Kafka client id', default: `rv-${service}` }),
    topics: readTopicLayout(r),
    groupPrefix: r.string('KAFKA_GROUP_PREFIX', { doc: 'Prefix of consumer group ids', default: 'rv' }),
    topicPrefix: r.optionalString('KAFKA_TOPIC_PREFIX', { doc: 'Prefix of every topic name (tests)' }) ?? '',
    security: readKafkaSecurity(r),
  }
}

export interface RegistryConfig {
  url: string
  /** HTTP basic auth; undefined: anonymous (the local Apicurio). */
  auth: RegistryAuthConfig | undefined
}

export function readRegistry(r: EnvReader): RegistryConfig {
  return {
    url: r.url('SCHEMA_REGISTRY_URL', {
      doc: 'Confluent-compatible schema registry base URL',
      default: 'http://127.0.0.1:18081/apis/ccompat/v7',
    }),
    auth: readRegistryAuth(r),
  }
}

export interface MongoConfig {
  url: string
  database: string
}

export function readMongo(r: EnvReader): MongoConfig {
  return {
    url: r.string('MONGODB_URL', {
      doc: 'MongoDB (or FerretDB) connection string',
      default: 'mongodb://127.0.0.1:27018',
    }),
    database: r.string('MONGODB_DB', { doc: 'Database name', default: 'rv' }),
  }
}

/**
 * How long idempotency keys are kept: the gateway treats older records as absent, the aggregator's sweeper
 * purges them (FerretDB v1 has no TTL indexes). The API promises 24 hours.
 */
export function readIdempotencyRetentionMs(r: EnvReader): number {
  return (
    r.int('IDEMPOTENCY_RETENTION_SECONDS', {
      doc: 'How long idempotency keys are kept',
      default: 24 * 60 * 60,
      min: 1,
    }) * 1000
  )
}

export interface S3Config {
  driver: 's3' | 'fs'
  endpoint: string
  accessKey: string
  secretKey: string
  region: string
  bucket: string
  /** Bucket in the URL path (MinIO, most S3-compatible servers) rather than in the host name. */
  pathStyle: boolean
  /** Root folder of the `fs` driver (local development without an S3 server). */
  fsRoot: string
}

export function readS3(r: EnvReader): S3Config {
  return {
    driver: r.oneOf('STORAGE_DRIVER', ['s3', 'fs'], { doc: 'Where uploaded files are kept', default: 's3' }),
    endpoint: r.url('S3_ENDPOINT', { doc: 'S3 endpoint URL', default: 'http://127.0.0.1:19000' }),
    accessKey: r.string('S3_ACCESS_KEY', { doc: 'S3 access key', default: 'minioadmin', secret: true }),
    secretKey: r.string('S3_SECRET_KEY', { doc: 'S3 secret key', default: 'minioadmin', secret: true }),
    region: r.string('S3_REGION', { doc: 'S3 region', default: 'us-east-1' }),
    bucket: r.string('S3_BUCKET', { doc: 'Bucket for uploaded receipts', default: 'rv-receipts' }),
    pathStyle:
      r.oneOf('S3_PATH_STYLE', ['true', 'false'], {
        doc: 'Bucket in the URL path (true) or in the host name (false, virtual-hosted)',
        default: 'true',
      }) === 'true',
    fsRoot: r.string('STORAGE_FS_ROOT', { doc: 'Folder of the fs storage driver', default: '.data/files' }),
  }
}

export interface HttpConfig {
  host: string
  port: number
}

export function readHttp(r: EnvReader, defaultPort: number): HttpConfig {
  return {
    host: r.string('HOST', { doc: 'HTTP listen address', default: '127.0.0.1' }),
    port: r.int('PORT', {
      doc: 'HTTP listen port (0 = any free port)',
      default: defaultPort,
      min: 0,
      max: 65535,
    }),
  }
}

/** The liveness/readiness endpoint of a consumer service; `port` undefined means no server is started. */
export interface HealthConfig {
  host: string
  port: number | undefined
}

export function readHealth(r: EnvReader): HealthConfig {
  return {
    host: r.string('HOST', { doc: 'HTTP listen address', default: '127.0.0.1' }),
    port: r.optionalInt('HEALTH_PORT', {
      doc: 'Port of /healthz and /readyz of a consumer service; unset = none, 0 = any free port',
      min: 0,
      max: 65535,
    }),
  }
}

/** The vision model (docs/vlm.md). Disabled unless VLM_BASE_URL is set; then VLM_MODEL must be priced. */
export interface VlmConfig {
  /** Undefined: no model; the deterministic reading is the whole extraction. */
  baseUrl: string | undefined
  apiKey: string | undefined
  model: string | undefined
  /** Model name -> USD per million prompt/completion tokens (core/cost/model-prices). */
  prices: PriceTable
  /** Per attempt. */
  timeoutMs: number
  /** Attempts per reading, the first included (retries on timeouts, 429 and 5xx). */
  maxAttempts: number
  /** First retry delay; doubles each retry, with jitter. */
  backoffMs: number
  /** Consecutive failed readings that open the circuit breaker. */
  breakerFailures: number
  /** How long an open breaker refuses calls before one trial call. */
  breakerCooldownMs: number
  maxOutputTokens: number
  /** Characters of the document text a prompt carries at most (the head; docs/vlm.md). */
  maxPromptChars: number
  /** Per tenant per UTC day; undefined = no limit (at least one of the two is required with a model). */
  budgetUsdPerDay: number | undefined
  budgetTokensPerDay: number | undefined
  /** The policy when the tenant's profile has no `vlm` member. */
  use: ModelUse
}

function optionalDecimal(r: EnvReader, name: string, doc: string): number | undefined {
  const text = r.optionalString(name, { doc })
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isFinite(value) || value < 0) r.problem(`${name} must be a number >= 0, got "${text}"`)
  return value
}

function readPrices(r: EnvReader): PriceTable {
  const text = r.optionalString('VLM_PRICES', {
    doc: 'Price table JSON: {"<model>":{"input_per_mtok":USD,"output_per_mtok":USD}}',
  })
  if (text === undefined) return {}
  let table: unknown
  try {
    table = JSON.parse(text)
  } catch {
    r.problem('VLM_PRICES must be JSON')
    return {}
  }
  const problems = priceTableProblems(table)
  for (const p of problems) r.problem(`VLM_PRICES: ${p}`)
  return problems.length === 0 ? (table as PriceTable) : {}
}

export function readVlm(r: EnvReader): VlmConfig {
  const config: VlmConfig = {
    baseUrl: r.optionalString('VLM_BASE_URL', {
      doc: 'OpenAI-compatible API base URL; unset disables the model',
    }),
    apiKey: r.optionalString('VLM_API_KEY', { doc: 'API key of the model endpoint', secret: true }),
    model: r.optionalString('VLM_MODEL', { doc: 'Model name' }),
    prices: readPrices(r),
    timeoutMs: r.int('VLM_TIMEOUT_MS', { doc: 'Model call timeout per attempt', default: 30_000, min: 100 }),
    maxAttempts: r.int('VLM_MAX_ATTEMPTS', {
      doc: 'Model call attempts per reading',
      default: 3,
      min: 1,
      max: 10,
    }),
    backoffMs: r.int('VLM_BACKOFF_MS', { doc: 'First retry delay (doubles)', default: 500, min: 0 }),
    breakerFailures: r.int('VLM_BREAKER_FAILURES', {
      doc: 'Failed readings in a row that open the breaker',
      default: 5,
      min: 1,
    }),
    breakerCooldownMs: r.int('VLM_BREAKER_COOLDOWN_MS', {
      doc: 'Open breaker wait before a trial call',
      default: 30_000,
      min: 0,
    }),
    maxOutputTokens: r.int('VLM_MAX_OUTPUT_TOKENS', {
      doc: 'Completion token cap per call',
      default: 1000,
      min: 16,
    }),
    maxPromptChars: r.int('VLM_MAX_PROMPT_CHARS', {
      doc: 'Document text characters a model prompt carries at most',
      default: 6000,
      min: 200,
    }),
    budgetUsdPerDay: optionalDecimal(r, 'VLM_BUDGET_USD_PER_DAY', 'Model spend cap per tenant per UTC day'),
    budgetTokensPerDay: r.optionalInt('VLM_BUDGET_TOKENS_PER_DAY', {
      doc: 'Model token cap per tenant per UTC day',
      min: 1,
    }),
    use: r.oneOf('VLM_USE', ['never', 'when_needed', 'always'], {
      doc: 'Model policy when a profile sets none',
      default: 'when_needed',
    }),
  }
  if (config.baseUrl !== undefined) {
    try {
      new URL(config.baseUrl)
    } catch {
      r.problem(`VLM_BASE_URL must be a URL, got "${config.baseUrl}"`)
    }
    if (config.budgetUsdPerDay === undefined && config.budgetTokensPerDay === undefined)
      r.problem(
        'VLM_BUDGET_USD_PER_DAY or VLM_BUDGET_TOKENS_PER_DAY is required when VLM_BASE_URL is set (a per-tenant daily cap)',
      )
    if (config.model === undefined) r.problem('VLM_MODEL is required when VLM_BASE_URL is set')
    else if (config.prices[config.model] === undefined) {
      r.problem(`VLM_PRICES must price VLM_MODEL "${config.model}" (0 for a self-hosted model)`)
    }
  }
  return config
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export function readLogLevel(r: EnvReader): LogLevel {
  return r.oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'], {
    doc: 'Minimum log level',
    default: 'info',
  })
}

/** How the authenticity service follows fingerprints learned in production and judges template drift. */
export interface FingerprintsConfig {
  /** How often the active stored fingerprints are re-read (never per message). */
  refreshMs: number
  drift: {
    /** Distinct payers that must have submitted an unseen generator signature for it to count as drift. */
    minPayers: number
    /** …at this many distinct tenants (merchants) at least. */
    minTenants: number
    /** The counting window. */
    windowMs: number
  }
}

export function readFingerprints(r: EnvReader): FingerprintsConfig {
  return {
    refreshMs:
      r.int('FINGERPRINT_REFRESH_SECONDS', {
        doc: 'How often authenticity re-reads the active stored fingerprints',
        default: 60,
        min: 1,
      }) * 1000,
    drift: {
      minPayers: r.int('TEMPLATE_DRIFT_MIN_PAYERS', {
        doc: 'Distinct payers of an unseen generator signature that make it template drift',
        default: 10,
        min: 1,
      }),
      minTenants: r.int('TEMPLATE_DRIFT_MIN_TENANTS', {
        doc: 'Distinct tenants among them (1 for a single-tenant deployment)',
        default: 2,
        min: 1,
      }),
      windowMs:
        r.int('TEMPLATE_DRIFT_WINDOW_HOURS', {
          doc: 'Window in which template drift payers are counted',
          default: 168,
          min: 1,
        }) * 3_600_000,
    },
  }
}
