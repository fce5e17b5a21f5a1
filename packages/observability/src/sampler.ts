/**
 * The SDK sampler for a configured `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` (parsed in
 * `@rv/config`). A trace sampled out still has a valid span context: its `traceparent` (flags `00`) is
 * written into every message, so the next service, with a parent-based sampler, makes the same decision.
 */

import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base'
import type { TraceSamplerConfig } from '@rv/config'

/**
 * @example
 * createSampler({ name: 'parentbased_traceidratio', ratio: 0.1 }) // 10 % of new traces, children follow
 */
export function createSampler(config: TraceSamplerConfig): Sampler {
  switch (config.name) {
    case 'always_on':
      return new AlwaysOnSampler()
    case 'always_off':
      return new AlwaysOffSampler()
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(config.ratio)
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() })
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() })
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.ratio) })
    default: {
      const unknown: never = config.name
      throw new Error(`unknown trace sampler ${String(unknown)}`)
    }
  }
}
