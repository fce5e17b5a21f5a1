/**
 * A service's metrics and traces from its configuration, in one call from its composition root.
 */
import type { ObservabilityConfig } from '@rv/config'
import { enableMetrics } from './metrics'
import { startTracing, type Tracing } from './tracing'

export interface Observability {
  readonly metrics: boolean
  readonly tracing: boolean
  shutdown(): Promise<void>
}

/**
 * @example
 * const observability = startObservability('matching', config.observability)
 */
export function startObservability(service: string, config: ObservabilityConfig): Observability {
  if (config.metricsEnabled) enableMetrics({ service })
  const tracing: Tracing = startTracing({
    service,
    otlpEndpoint: config.otlpEndpoint,
    sampler: config.traceSampler,
  })
  return { metrics: config.metricsEnabled, tracing: tracing.enabled, shutdown: () => tracing.shutdown() }
}
