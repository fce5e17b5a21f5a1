import { describe, expect, it } from 'vitest'
import { createEnvReader } from './env-reader'
import { readObservability } from './observability-config'

function read(env: Record<string, string>) {
  const r = createEnvReader(env)
  const config = readObservability(r)
  return { config, problems: () => r.finish() }
}

describe('readObservability', () => {
  it('records metrics and leaves tracing off by default', () => {
    const { config, problems } = read({})
    expect(config).toEqual({
      metricsEnabled: true,
      otlpEndpoint: undefined,
      traceSampler: { name: 'parentbased_always_on', ratio: 1 },
    })
    expect(problems).not.toThrow()
  })

  it('reads the OTLP endpoint, the sampler and the metrics switch', () => {
    const { config } = read({
      METRICS_ENABLED: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    })
    expect(config).toEqual({
      metricsEnabled: false,
      otlpEndpoint: 'http://127.0.0.1:4318',
      traceSampler: { name: 'parentbased_traceidratio', ratio: 0.25 },
    })
  })

  it('refuses an endpoint that is not a URL and a switch that is not true/false', () => {
    const { problems } = read({ METRICS_ENABLED: 'yes', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })
    expect(problems).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL[\s\S]*METRICS_ENABLED|METRICS_ENABLED[\s\S]*OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/,
    )
  })
})
