/** Connection details of the S3 server, in the shape both the `minio` client and URL-based clients need. */
export interface S3Config {
  endpoint: string
  accessKey: string
  secretKey: string
  region: string
  useSSL: boolean
  host: string
  port: number
}

/** Where the real servers of one test run are, whichever way they were started. */
export interface StackConfig {
  kafkaBrokers: string[]
  /** Confluent-compatible base URL, e.g. `http://127.0.0.1:18081/apis/ccompat/v7`. */
  schemaRegistryUrl: string
  mongoUrl: string
  s3: S3Config
  /** The native Kafka's SASL_SSL listener (KAFKA_SASL_SSL_*), where the stack has one. */
  kafkaSaslSsl?: KafkaSaslSslListener
  /** The PostgreSQL the native FerretDB stores in, and its psql (STACK_POSTGRES_URL, STACK_PSQL), where it has one. */
  postgres?: { url: string; psql: string }
}

export interface KafkaSaslSslListener {
  brokers: string[]
  caFile: string
  username: string
  password: string
}

export const DEFAULT_S3_REGION = 'us-east-1'

/**
 * Splits an S3 endpoint URL into the parts the `minio` client takes separately.
 *
 * @example s3FromEndpoint('http://127.0.0.1:19000', 'key', 'secret') // { host: '127.0.0.1', port: 19000, useSSL: false, ... }
 */
export function s3FromEndpoint(
  endpoint: string,
  accessKey: string,
  secretKey: string,
  region: string = DEFAULT_S3_REGION,
): S3Config {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new Error(`S3 endpoint must be a URL like http://127.0.0.1:19000, got '${endpoint}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3 endpoint must use http or https, got '${endpoint}'`)
  }
  const useSSL = url.protocol === 'https:'
  const port = url.port ? Number(url.port) : useSSL ? 443 : 80
  return { endpoint: url.origin, accessKey, secretKey, region, useSSL, host: url.hostname, port }
}

/** Comma-separated `host:port` list, blanks ignored. */
export function parseBrokers(value: string): string[] {
  const brokers = value
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b.length > 0)
  if (brokers.length === 0) throw new Error('KAFKA_BROKERS lists no broker')
  for (const b of brokers) {
    if (!/^[^\s:/]+:\d+$/.test(b)) throw new Error(`Kafka broker must be host:port, got '${b}'`)
  }
  return brokers
}
