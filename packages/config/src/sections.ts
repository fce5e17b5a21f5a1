/**
 * The shared configuration pieces. Each section documents its variables and defaults in one place; the
 * defaults match the native local stack (`npm run stack:start`).
 */
import type { EnvReader } from './env-reader'

export interface KafkaConfig {
  brokers: string[]
  clientId: string
  /** Prefix of consumer group ids, so parallel test runs never share offsets. */
  groupPrefix: string
  /** Prefix of every topic name, so parallel test runs never share topics ('' in production). */
  topicPrefix: string
}

export function readKafka(r: EnvReader, service: string): KafkaConfig {
  return {
    brokers: r.list('KAFKA_BROKERS', {
      doc: 'Kafka bootstrap brokers, comma-separated',
      default: '127.0.0.1:19092',
    }),
    clientId: r.string('KAFKA_CLIENT_ID', { doc: 'Kafka client id', default: `rv-${service}` }),
    groupPrefix: r.string('KAFKA_GROUP_PREFIX', { doc: 'Prefix of consumer group ids', default: 'rv' }),
    topicPrefix: r.optionalString('KAFKA_TOPIC_PREFIX', { doc: 'Prefix of every topic name (tests)' }) ?? '',
  }
}

export interface RegistryConfig {
  url: string
}

export function readRegistry(r: EnvReader): RegistryConfig {
  return {
    url: r.url('SCHEMA_REGISTRY_URL', {
      doc: 'Confluent-compatible schema registry base URL',
      default: 'http://127.0.0.1:18081/apis/ccompat/v7',
    }),
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

export interface VlmConfig {
  baseUrl: string | undefined
  apiKey: string | undefined
  model: string | undefined
}

export function readVlm(r: EnvReader): VlmConfig {
  return {
    baseUrl: r.optionalString('VLM_BASE_URL', {
      doc: 'OpenAI-compatible API base URL; unset disables the model',
    }),
    apiKey: r.optionalString('VLM_API_KEY', { doc: 'API key of the model endpoint', secret: true }),
    model: r.optionalString('VLM_MODEL', { doc: 'Model name' }),
  }
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
