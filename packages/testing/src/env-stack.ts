import {
  DEFAULT_S3_REGION,
  type KafkaSaslSslListener,
  parseBrokers,
  type StackConfig,
  s3FromEndpoint,
} from './stack-config'

/** The variables that name an already running stack; the same names the services read. */
export const STACK_ENV_VARS = [
  'KAFKA_BROKERS',
  'SCHEMA_REGISTRY_URL',
  'MONGODB_URL',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
] as const

export type StackEnv = Readonly<Record<string, string | undefined>>

/**
 * Reads a stack from environment variables. Returns `undefined` when none is set, so the resolver
 * may start servers itself; a partial set is an error, because silently starting other servers
 * next to half of an explicit configuration would test against the wrong ones.
 */
export function stackFromEnv(env: StackEnv): StackConfig | undefined {
  const present = STACK_ENV_VARS.filter((name) => (env[name] ?? '').trim() !== '')
  if (present.length === 0) return undefined
  const missing = STACK_ENV_VARS.filter((name) => !present.includes(name))
  if (missing.length > 0) {
    throw new Error(
      `incomplete stack environment: ${present.join(', ')} set but ${missing.join(', ')} missing; ` +
        'set all of them, or none to let the resolver start the servers',
    )
  }
  const value = (name: (typeof STACK_ENV_VARS)[number]) => (env[name] as string).trim()
  return {
    kafkaBrokers: parseBrokers(value('KAFKA_BROKERS')),
    schemaRegistryUrl: value('SCHEMA_REGISTRY_URL').replace(/\/+$/, ''),
    mongoUrl: value('MONGODB_URL'),
    s3: s3FromEndpoint(
      value('S3_ENDPOINT'),
      value('S3_ACCESS_KEY'),
      value('S3_SECRET_KEY'),
      env['S3_REGION']?.trim() || DEFAULT_S3_REGION,
    ),
    ...saslSslFromEnv(env),
    ...postgresFromEnv(env),
  }
}

/** FerretDB's PostgreSQL (`stack.sh env` prints it when FerretDB stores there); both or nothing. */
function postgresFromEnv(env: StackEnv): { postgres?: { url: string; psql: string } } {
  const url = env.STACK_POSTGRES_URL?.trim() ?? ''
  const psql = env.STACK_PSQL?.trim() ?? ''
  return url && psql ? { postgres: { url, psql } } : {}
}

/** The optional SASL_SSL listener (`stack.sh env` prints it for the native Kafka); all four or nothing. */
function saslSslFromEnv(env: StackEnv): { kafkaSaslSsl?: KafkaSaslSslListener } {
  const [brokers, caFile, username, password] = [
    'KAFKA_SASL_SSL_BROKERS',
    'KAFKA_SASL_SSL_CA_FILE',
    'KAFKA_SASL_SSL_USERNAME',
    'KAFKA_SASL_SSL_PASSWORD',
  ].map((name) => env[name]?.trim() ?? '')
  if (!brokers || !caFile || !username || !password) return {}
  return { kafkaSaslSsl: { brokers: parseBrokers(brokers), caFile, username, password } }
}

/** The inverse of {@link stackFromEnv}: what to export so child processes and services see the stack. */
export function stackToEnv(stack: StackConfig): Record<string, string> {
  return {
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    SCHEMA_REGISTRY_URL: stack.schemaRegistryUrl,
    MONGODB_URL: stack.mongoUrl,
    S3_ENDPOINT: stack.s3.endpoint,
    S3_ACCESS_KEY: stack.s3.accessKey,
    S3_SECRET_KEY: stack.s3.secretKey,
    S3_REGION: stack.s3.region,
    ...(stack.kafkaSaslSsl
      ? {
          KAFKA_SASL_SSL_BROKERS: stack.kafkaSaslSsl.brokers.join(','),
          KAFKA_SASL_SSL_CA_FILE: stack.kafkaSaslSsl.caFile,
          KAFKA_SASL_SSL_USERNAME: stack.kafkaSaslSsl.username,
          KAFKA_SASL_SSL_PASSWORD: stack.kafkaSaslSsl.password,
        }
      : {}),
    ...(stack.postgres ? { STACK_POSTGRES_URL: stack.postgres.url, STACK_PSQL: stack.postgres.psql } : {}),
  }
}
