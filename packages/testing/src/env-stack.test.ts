import { describe, expect, it } from 'vitest'
import { STACK_ENV_VARS, stackFromEnv, stackToEnv } from './env-stack'

const full = {
  KAFKA_BROKERS: '127.0.0.1:19092,127.0.0.1:29092',
  SCHEMA_REGISTRY_URL: 'http://127.0.0.1:18081/apis/ccompat/v7/',
  MONGODB_URL: 'mongodb://127.0.0.1:27018/',
  S3_ENDPOINT: 'http://127.0.0.1:19000',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
}

const saslSsl = {
  KAFKA_SASL_SSL_BROKERS: '127.0.0.1:19094',
  KAFKA_SASL_SSL_CA_FILE: '/repo/.stack/kafka/tls/ca.pem',
  KAFKA_SASL_SSL_USERNAME: 'rv',
  KAFKA_SASL_SSL_PASSWORD: 'rv-kafka-secret',
}

describe('the native Kafka SASL_SSL listener in the stack variables', () => {
  it('is carried from the environment to the exported variables, so test files behind turbo still see it', () => {
    const stack = stackFromEnv({ ...full, ...saslSsl })
    expect(stack?.kafkaSaslSsl).toEqual({
      brokers: ['127.0.0.1:19094'],
      caFile: '/repo/.stack/kafka/tls/ca.pem',
      username: 'rv',
      password: 'rv-kafka-secret',
    })
    expect(stackToEnv(stack!)).toMatchObject(saslSsl)
  })

  it('is absent unless all four are set', () => {
    expect(stackFromEnv({ ...full, KAFKA_SASL_SSL_BROKERS: '127.0.0.1:19094' })?.kafkaSaslSsl).toBeUndefined()
    expect(Object.keys(stackToEnv(stackFromEnv(full)!))).not.toContain('KAFKA_SASL_SSL_BROKERS')
  })
})

describe("FerretDB's PostgreSQL in the stack variables", () => {
  const postgres = {
    STACK_POSTGRES_URL: 'postgres://postgres@127.0.0.1:15532/ferretdb',
    STACK_PSQL: '/usr/lib/postgresql/15/bin/psql',
  }

  it('is carried from the environment to the exported variables', () => {
    const stack = stackFromEnv({ ...full, ...postgres })
    expect(stack?.postgres).toEqual({ url: postgres.STACK_POSTGRES_URL, psql: postgres.STACK_PSQL })
    expect(stackToEnv(stack!)).toMatchObject(postgres)
  })

  it('is absent unless both are set', () => {
    expect(stackFromEnv({ ...full, STACK_PSQL: postgres.STACK_PSQL })?.postgres).toBeUndefined()
    expect(Object.keys(stackToEnv(stackFromEnv(full)!))).not.toContain('STACK_POSTGRES_URL')
  })
})

describe('stackFromEnv', () => {
  it('is undefined when no stack variable is set, so the resolver may start servers', () => {
    expect(stackFromEnv({})).toBeUndefined()
    expect(stackFromEnv({ PATH: '/usr/bin', S3_REGION: 'eu-west-1', KAFKA_BROKERS: '  ' })).toBeUndefined()
  })

  it('reads a complete set', () => {
    expect(stackFromEnv(full)).toEqual({
      kafkaBrokers: ['127.0.0.1:19092', '127.0.0.1:29092'],
      schemaRegistryUrl: 'http://127.0.0.1:18081/apis/ccompat/v7',
      mongoUrl: 'mongodb://127.0.0.1:27018/',
      s3: {
        endpoint: 'http://127.0.0.1:19000',
        accessKey: 'key',
        secretKey: 'secret',
        region: 'us-east-1',
        useSSL: false,
        host: '127.0.0.1',
        port: 19000,
      },
    })
  })

  it('takes S3_REGION when given', () => {
    expect(stackFromEnv({ ...full, S3_REGION: 'eu-central-1' })?.s3.region).toBe('eu-central-1')
  })

  it('refuses a partial set and names what is missing', () => {
    const { MONGODB_URL: _, S3_SECRET_KEY: __, ...partial } = full
    expect(() => stackFromEnv(partial)).toThrow(/MONGODB_URL, S3_SECRET_KEY missing/)
  })

  it('round-trips through stackToEnv', () => {
    const stack = stackFromEnv(full)!
    const env = stackToEnv(stack)
    expect(Object.keys(env)).toEqual(expect.arrayContaining([...STACK_ENV_VARS]))
    expect(stackFromEnv(env)).toEqual(stack)
  })
})
