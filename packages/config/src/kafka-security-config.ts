/**
 * How the services authenticate to a production Kafka and schema registry: TLS (a private CA, optional
 * client certificate for mutual TLS), SASL (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512) and HTTP basic auth for a
 * Confluent-compatible registry (Confluent Cloud API key/secret, Apicurio or Karapace behind basic auth).
 * Unset, everything is plaintext and anonymous, as on the local stack. Files are named here and read by
 * @rv/kafka when it builds its clients: configuration reads only the environment.
 */
import type { EnvReader } from './env-reader'

export const saslMechanisms = ['plain', 'scram-sha-256', 'scram-sha-512'] as const
export type SaslMechanism = (typeof saslMechanisms)[number]

export interface KafkaTlsConfig {
  /** PEM file of the CA(s) that signed the brokers' certificates; unset: Node's default trust store. */
  caFile: string | undefined
  /** PEM client certificate and key for mutual TLS; both or neither. */
  certFile: string | undefined
  keyFile: string | undefined
  /** false only for a test cluster with a certificate nobody signed; never in production. */
  rejectUnauthorized: boolean
}

export interface KafkaSaslConfig {
  mechanism: SaslMechanism
  username: string
  password: string
}

export interface KafkaSecurityConfig {
  /** undefined: plaintext connections. */
  tls: KafkaTlsConfig | undefined
  /** undefined: no SASL authentication. */
  sasl: KafkaSaslConfig | undefined
}

export interface RegistryAuthConfig {
  username: string
  password: string
}

const yesNo = ['true', 'false'] as const

export function readKafkaSecurity(r: EnvReader): KafkaSecurityConfig {
  const ssl = r.oneOf('KAFKA_SSL', yesNo, {
    doc: 'Connect to the brokers over TLS (true when any KAFKA_SSL_* file is set)',
    default: 'false',
  })
  const caFile = r.optionalString('KAFKA_SSL_CA_FILE', { doc: 'PEM file of the CA that signed the brokers' })
  const certFile = r.optionalString('KAFKA_SSL_CERT_FILE', { doc: 'PEM client certificate (mutual TLS)' })
  const keyFile = r.optionalString('KAFKA_SSL_KEY_FILE', {
    doc: 'PEM client key (mutual TLS; mount it from a Secret)',
  })
  const rejectUnauthorized = r.oneOf('KAFKA_SSL_REJECT_UNAUTHORIZED', yesNo, {
    doc: 'Verify the brokers certificates (false only for a throwaway test cluster)',
    default: 'true',
  })
  if ((certFile === undefined) !== (keyFile === undefined))
    r.problem('KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE go together (mutual TLS needs both)')
  const tlsOn = ssl === 'true' || caFile !== undefined || certFile !== undefined || keyFile !== undefined
  return {
    tls: tlsOn ? { caFile, certFile, keyFile, rejectUnauthorized: rejectUnauthorized === 'true' } : undefined,
    sasl: readSasl(r),
  }
}

function readSasl(r: EnvReader): KafkaSaslConfig | undefined {
  const mechanism = r.optionalString('KAFKA_SASL_MECHANISM', {
    doc: `SASL mechanism: ${saslMechanisms.join(', ')}; unset: no SASL`,
  })
  const username = r.optionalString('KAFKA_SASL_USERNAME', { doc: 'SASL user name' })
  const password = r.optionalString('KAFKA_SASL_PASSWORD', { doc: 'SASL password', secret: true })
  if (mechanism === undefined) {
    if (username !== undefined || password !== undefined)
      r.problem('KAFKA_SASL_USERNAME / KAFKA_SASL_PASSWORD are set but KAFKA_SASL_MECHANISM is not')
    return undefined
  }
  const lower = mechanism.toLowerCase()
  if (!(saslMechanisms as readonly string[]).includes(lower)) {
    r.problem(`KAFKA_SASL_MECHANISM must be one of ${saslMechanisms.join(', ')}, got "${mechanism}"`)
    return undefined
  }
  if (username === undefined || password === undefined) {
    r.problem('KAFKA_SASL_MECHANISM needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD')
    return undefined
  }
  return { mechanism: lower as SaslMechanism, username, password }
}

export function readRegistryAuth(r: EnvReader): RegistryAuthConfig | undefined {
  const username = r.optionalString('SCHEMA_REGISTRY_USERNAME', {
    doc: 'Registry basic-auth user (Confluent Cloud: the API key)',
  })
  const password = r.optionalString('SCHEMA_REGISTRY_PASSWORD', {
    doc: 'Registry basic-auth password (Confluent Cloud: the API secret)',
    secret: true,
  })
  if (username === undefined && password === undefined) return undefined
  if (username === undefined || password === undefined) {
    r.problem('SCHEMA_REGISTRY_USERNAME and SCHEMA_REGISTRY_PASSWORD go together')
    return undefined
  }
  return { username, password }
}
