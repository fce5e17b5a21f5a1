/** Metrics and traces of a service (docs/observability.md). */
import type { EnvReader } from './env-reader'
import { readTraceSampler, type TraceSamplerConfig } from './trace-sampler-config'

export interface ObservabilityConfig {
  /** Record metrics and serve them at /metrics (the gateway's port; a consumer's HEALTH_PORT). */
  metricsEnabled: boolean
  /** OTLP/HTTP base URL of a trace collector; undefined: no tracing SDK is started at all. */
  otlpEndpoint: string | undefined
  /** Which traces are recorded and exported once tracing is on (sampled-out ones still carry context). */
  traceSampler: TraceSamplerConfig
}

export function readObservability(r: EnvReader): ObservabilityConfig {
  const otlpEndpoint = r.optionalString('OTEL_EXPORTER_OTLP_ENDPOINT', {
    doc: 'OTLP/HTTP collector base URL (spans go to <url>/v1/traces); unset = tracing off',
  })
  if (otlpEndpoint !== undefined && !isHttpUrl(otlpEndpoint)) {
    r.problem(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, got "${otlpEndpoint}"`)
  }
  return {
    metricsEnabled:
      r.oneOf('METRICS_ENABLED', ['true', 'false'], {
        doc: 'Record Prometheus metrics and serve /metrics',
        default: 'true',
      }) === 'true',
    otlpEndpoint,
    traceSampler: readTraceSampler(r),
  }
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}
