import { describe, expect, it } from 'vitest'
import { loadAggregatorConfig } from './aggregator-config'
import { describeConfig } from './describe-config'
import { loadGatewayConfig } from './gateway-config'
import { problemsOf } from './problems-of'
import { loadStageConfig } from './stage-config'

describe('Kafka and registry security configuration', () => {
  it('is plaintext and anonymous by default (the local stack)', () => {
    const config = loadGatewayConfig({})
    expect(config.kafka.security).toEqual({ tls: undefined, sasl: undefined })
    expect(config.registry.auth).toBeUndefined()
  })

  it('reads SASL_SSL with a private CA the same way in every service', () => {
    const env = {
      KAFKA_SSL_CA_FILE: '/etc/rv/kafka-ca.pem',
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      KAFKA_SASL_USERNAME: 'rv-gateway',
      KAFKA_SASL_PASSWORD: 's3cret',
      SCHEMA_REGISTRY_USERNAME: 'KEY',
      SCHEMA_REGISTRY_PASSWORD: 'SECRET',
    }
    const gateway = loadGatewayConfig(env)
    expect(gateway.kafka.security).toEqual({
      tls: {
        caFile: '/etc/rv/kafka-ca.pem',
        certFile: undefined,
        keyFile: undefined,
        rejectUnauthorized: true,
      },
      sasl: { mechanism: 'scram-sha-512', username: 'rv-gateway', password: 's3cret' },
    })
    expect(gateway.registry.auth).toEqual({ username: 'KEY', password: 'SECRET' })
    expect(loadStageConfig('replay', env).kafka.security).toEqual(gateway.kafka.security)
    expect(loadAggregatorConfig(env).registry.auth).toEqual(gateway.registry.auth)
  })

  it('turns TLS on with KAFKA_SSL=true alone (a public CA) and honours an explicit rejectUnauthorized=false', () => {
    expect(loadGatewayConfig({ KAFKA_SSL: 'true' }).kafka.security.tls).toEqual({
      caFile: undefined,
      certFile: undefined,
      keyFile: undefined,
      rejectUnauthorized: true,
    })
    expect(
      loadGatewayConfig({ KAFKA_SSL: 'true', KAFKA_SSL_REJECT_UNAUTHORIZED: 'false' }).kafka.security.tls
        ?.rejectUnauthorized,
    ).toBe(false)
  })

  it('names every inconsistent setting at start-up', () => {
    const problems = problemsOf(() =>
      loadGatewayConfig({
        KAFKA_SSL_CERT_FILE: '/c.pem',
        KAFKA_SASL_MECHANISM: 'gssapi',
        SCHEMA_REGISTRY_USERNAME: 'only-user',
      }),
    )
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE go together'),
        expect.stringContaining('KAFKA_SASL_MECHANISM must be one of plain, scram-sha-256, scram-sha-512'),
        expect.stringContaining('SCHEMA_REGISTRY_USERNAME and SCHEMA_REGISTRY_PASSWORD go together'),
      ]),
    )
    expect(problemsOf(() => loadGatewayConfig({ KAFKA_SASL_MECHANISM: 'plain' }))).toEqual([
      'KAFKA_SASL_MECHANISM needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD',
    ])
    expect(problemsOf(() => loadGatewayConfig({ KAFKA_SASL_PASSWORD: 'x' }))[0]).toContain(
      'KAFKA_SASL_MECHANISM is not',
    )
  })

  it('marks the two passwords secret in the variable listing (file paths are not secrets)', () => {
    const secret = describeConfig()
      .filter((v) => v.secret)
      .map((v) => v.name)
    expect(secret).toEqual(expect.arrayContaining(['KAFKA_SASL_PASSWORD', 'SCHEMA_REGISTRY_PASSWORD']))
    expect(secret).not.toContain('KAFKA_SSL_KEY_FILE')
  })
})
