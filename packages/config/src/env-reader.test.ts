import { describe, expect, it } from 'vitest'
import { loadAggregatorConfig } from './aggregator-config'
import { ConfigError, createEnvReader } from './env-reader'
import { loadGatewayConfig } from './gateway-config'
import { loadStageConfig } from './stage-config'

describe('createEnvReader', () => {
  it('applies documented defaults when variables are absent', () => {
    const config = loadGatewayConfig({})
    expect(config.http.port).toBe(8080)
    expect(config.kafka.brokers).toEqual(['127.0.0.1:19092'])
    expect(config.limits.maxFileBytes).toBe(10 * 1024 * 1024)
  })

  it('reads and trims values', () => {
    const config = loadGatewayConfig({ KAFKA_BROKERS: ' a:1, b:2 ', PORT: '0', S3_ENDPOINT: 'http://x:9/' })
    expect(config.kafka.brokers).toEqual(['a:1', 'b:2'])
    expect(config.http.port).toBe(0)
    expect(config.s3.endpoint).toBe('http://x:9')
  })

  it('lists every bad variable at once', () => {
    let error: unknown
    try {
      loadGatewayConfig({
        PORT: 'eighty',
        S3_ENDPOINT: 'not a url',
        STORAGE_DRIVER: 'tape',
        MAX_FILE_BYTES: '-1',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems
    expect(problems).toHaveLength(4)
    expect(problems.join('\n')).toMatch(/PORT.*integer/)
    expect(problems.join('\n')).toMatch(/S3_ENDPOINT.*URL/)
    expect(problems.join('\n')).toMatch(/STORAGE_DRIVER.*one of/)
    expect(problems.join('\n')).toMatch(/MAX_FILE_BYTES.*>= 1/)
  })

  it('reports a missing required variable without a default', () => {
    const r = createEnvReader({})
    r.string('NEEDED', { doc: 'x' })
    expect(() => r.finish()).toThrow(/NEEDED is required/)
  })

  it('records documentation of each variable read', () => {
    const r = createEnvReader({})
    r.int('N', { doc: 'a number', default: 3 })
    expect(r.docs()).toEqual([{ name: 'N', doc: 'a number', default: '3', secret: false }])
  })
})

describe('HEALTH_PORT', () => {
  it('is unset by default, so consumer services start no health server', () => {
    expect(loadStageConfig('matching', {}).health).toEqual({ host: '127.0.0.1', port: undefined })
    expect(loadAggregatorConfig({}).health.port).toBeUndefined()
  })

  it('reads a port (0 = any free port) and the shared HOST', () => {
    expect(loadStageConfig('replay', { HEALTH_PORT: '9090', HOST: '0.0.0.0' }).health).toEqual({
      host: '0.0.0.0',
      port: 9090,
    })
    expect(loadAggregatorConfig({ HEALTH_PORT: '0' }).health.port).toBe(0)
  })

  it('rejects a value that is not a port', () => {
    expect(() => loadStageConfig('extraction', { HEALTH_PORT: 'ninety' })).toThrow(
      /HEALTH_PORT must be an integer/,
    )
    expect(() => loadAggregatorConfig({ HEALTH_PORT: '70000' })).toThrow(/HEALTH_PORT must be <= 65535/)
  })
})

describe('S3 addressing', () => {
  it('uses path style unless S3_PATH_STYLE=false (virtual-hosted buckets)', () => {
    expect(loadGatewayConfig({}).s3.pathStyle).toBe(true)
    expect(loadStageConfig('extraction', { S3_PATH_STYLE: 'false' }).s3.pathStyle).toBe(false)
    expect(() => loadGatewayConfig({ S3_PATH_STYLE: 'yes' })).toThrow(
      /S3_PATH_STYLE must be one of true, false/,
    )
  })
})
