import { describe, expect, it } from 'vitest'
import { loadAggregatorConfig } from './aggregator-config'
import { loadConsoleConfig } from './console-config'
import { loadGatewayConfig } from './gateway-config'
import { problemsOf } from './problems-of'
import { loadSettlementConfig } from './settlement-config'
import { loadStageConfig } from './stage-config'

const secured = {
  RV_ENV: 'production',
  KAFKA_SSL: 'true',
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: 'rv-gateway',
  KAFKA_SASL_PASSWORD: 'p',
  SCHEMA_REGISTRY_URL: 'https://registry.example.com/apis/ccompat/v7',
}
const signed = { RECORD_SIGNING_KEY_FILE: '/run/secrets/rv-signing/active.jwk.json' }
const busProblems = [
  'RV_ENV=production requires TLS to Kafka (KAFKA_SSL=true)',
  'RV_ENV=production requires SASL to Kafka (KAFKA_SASL_MECHANISM and its credentials)',
  'RV_ENV=production requires an https SCHEMA_REGISTRY_URL',
]

describe('RV_ENV=production', () => {
  it('refuses to start every service on a plaintext, unauthenticated bus', () => {
    const loads = [
      () => loadGatewayConfig({ RV_ENV: 'production', ...signed }),
      () => loadStageConfig('replay', { RV_ENV: 'production' }),
      () => loadAggregatorConfig({ RV_ENV: 'production', ...signed }),
    ]
    for (const load of loads) expect(problemsOf(load)).toEqual(busProblems)
  })

  it('refuses to start the four services that sign records or events without the signing key', () => {
    const missing = 'RV_ENV=production requires RECORD_SIGNING_KEY_FILE (records must be signed)'
    const https = { CONSOLE_PUBLIC_URL: 'https://console.example.com' }
    expect(problemsOf(() => loadGatewayConfig(secured))).toEqual([missing])
    expect(problemsOf(() => loadAggregatorConfig(secured))).toEqual([missing])
    expect(problemsOf(() => loadSettlementConfig(secured))).toEqual([missing])
    expect(problemsOf(() => loadConsoleConfig({ ...secured, ...https }))).toEqual([missing])
    expect(problemsOf(() => loadSettlementConfig({ ...secured, ...signed }))).toEqual([])
    expect(problemsOf(() => loadStageConfig('extraction', secured))).toEqual([])
  })

  it('refuses to start the review console on a plaintext bus or at an http address (no Secure cookie)', () => {
    expect(problemsOf(() => loadConsoleConfig({ RV_ENV: 'production', ...signed }))).toEqual([
      ...busProblems,
      'RV_ENV=production requires an https CONSOLE_PUBLIC_URL (the session cookie must be Secure)',
    ])
    expect(
      problemsOf(() =>
        loadConsoleConfig({ ...secured, ...signed, CONSOLE_PUBLIC_URL: 'https://console.example.com' }),
      ),
    ).toEqual([])
    expect(problemsOf(() => loadConsoleConfig({}))).toEqual([])
  })

  it('refuses TLS without certificate checks, and starts with TLS, SASL and an https registry', () => {
    expect(
      problemsOf(() => loadGatewayConfig({ ...secured, ...signed, KAFKA_SSL_REJECT_UNAUTHORIZED: 'false' })),
    ).toEqual(['RV_ENV=production requires KAFKA_SSL_REJECT_UNAUTHORIZED=true'])
    expect(problemsOf(() => loadGatewayConfig({ ...secured, ...signed }))).toEqual([])
    expect(problemsOf(() => loadStageConfig('extraction', secured))).toEqual([])
  })

  it('leaves development (the default) as it was: plaintext is fine on the local stack', () => {
    expect(problemsOf(() => loadGatewayConfig({}))).toEqual([])
  })
})
