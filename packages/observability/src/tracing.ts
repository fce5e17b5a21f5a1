/**
 * Traces: the OpenTelemetry SDK is started only when an OTLP endpoint is configured. Until then every call
 * here goes to the API's no-op tracer, no-op propagator and no-op context manager: no span is allocated,
 * no header written, nothing exported.
 */
import { context, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base'
import { defaultTraceSampler, type TraceSamplerConfig } from '@rv/config'
import { createSampler } from './sampler'

export interface TracingOptions {
  service: string
  /** OTLP/HTTP base URL (spans go to `<endpoint>/v1/traces`); undefined: tracing stays off. */
  otlpEndpoint: string | undefined
  /** Which traces are recorded and exported; the specification's parentbased_always_on by default. */
  sampler?: TraceSamplerConfig
  /** Replaces the OTLP exporter (tests export into memory). */
  exporter?: SpanExporter
}

let tracingOn = false

/** Whether `startTracing` started the SDK in this process (span helpers skip all work otherwise). */
export function isTracingOn(): boolean {
  return tracingOn
}

export interface Tracing {
  readonly enabled: boolean
  /** Exports what is buffered now (benchmarks pace exports with it); harmless when tracing is off. */
  flush(): Promise<void>
  /** Exports what is buffered and stops; harmless when tracing is off. */
  shutdown(): Promise<void>
}

/**
 * @example
 * const tracing = startTracing({ service: 'gateway', otlpEndpoint: config.observability.otlpEndpoint })
 * // on shutdown:
 * await tracing.shutdown()
 */
export function startTracing(options: TracingOptions): Tracing {
  const exporter =
    options.exporter ??
    (options.otlpEndpoint === undefined
      ? undefined
      : new OTLPTraceExporter({ url: `${options.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` }))
  if (!exporter) return { enabled: false, flush: async () => undefined, shutdown: async () => undefined }
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': `rv-${options.service}` }),
    // Given explicitly, so the SDK does not read OTEL_TRACES_SAMPLER from process.env itself.
    sampler: createSampler(options.sampler ?? defaultTraceSampler),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  })
  const contextManager = new AsyncLocalStorageContextManager().enable()
  context.setGlobalContextManager(contextManager)
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  trace.setGlobalTracerProvider(provider)
  tracingOn = true
  return {
    enabled: true,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      tracingOn = false
      await provider.shutdown()
      trace.disable()
      propagation.disable()
      context.disable()
    },
  }
}
