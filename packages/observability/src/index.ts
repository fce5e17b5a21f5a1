export {
  type CounterLike,
  createInstruments,
  type GaugeLike,
  type HistogramLike,
  type Instruments,
  metricPrefix,
} from './instruments'
export { enableMetrics, metrics, renderMetrics, secondsSince, timed } from './metrics'
export { createSampler } from './sampler'
export { type Observability, startObservability } from './start-observability'
export {
  contextFromHeaders,
  linksFromHeaders,
  recordSpan,
  rootContext,
  SpanKind,
  traceContextHeaders,
  withSpan,
} from './trace-context'
export { isTracingOn, startTracing, type Tracing, type TracingOptions } from './tracing'
