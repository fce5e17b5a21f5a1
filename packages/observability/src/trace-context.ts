/**
 * Span helpers and the carrying of trace context across Kafka: the W3C `traceparent`/`tracestate` of the
 * active span are written into a message's headers on publish and read back on consume, so one trace runs
 * from the gateway's POST through every stage to the aggregator's write. All no-ops while tracing is off.
 */
import {
  type Attributes,
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api'

import { isTracingOn } from './tracing'

const tracerName = '@rv/observability'
// Handed to `withSpan` callbacks while tracing is off: records nothing, allocated once.
const offSpan = trace.wrapSpanContext(INVALID_SPAN_CONTEXT)

export { SpanKind }

/** The headers to add to an outgoing message: the active context's `traceparent` (none while off). */
export function traceContextHeaders(): Record<string, string> {
  if (!isTracingOn()) return {}
  const carrier: Record<string, string> = {}
  propagation.inject(context.active(), carrier)
  return carrier
}

/** The context carried by incoming headers (HTTP or Kafka), as parent of the next span. */
export function contextFromHeaders(headers: Readonly<Record<string, string | undefined>>): Context {
  if (!isTracingOn()) return context.active()
  return propagation.extract(context.active(), headers)
}

/**
 * Runs `fn` inside a new active span (child of `parent`, or of the active context), recording an exception
 * and an error status when it throws, and ending the span either way.
 *
 * @example
 * await withSpan('aggregator write', { attributes: { 'rv.check_id': id } }, () => store.finish(id))
 */
export async function withSpan<R>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span) => Promise<R>,
): Promise<R> {
  if (!isTracingOn()) return fn(offSpan)
  const tracer = trace.getTracer(tracerName)
  const spanOptions = {
    ...(options.kind === undefined ? {} : { kind: options.kind }),
    ...(options.attributes ? { attributes: options.attributes } : {}),
  }
  return tracer.startActiveSpan(name, spanOptions, options.parent ?? context.active(), async (span) => {
    try {
      return await fn(span)
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error))
      span.setStatus({ code: SpanStatusCode.ERROR })
      throw error
    } finally {
      span.end()
    }
  })
}
