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
  isSpanContextValid,
  type Link,
  propagation,
  ROOT_CONTEXT,
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
 * The span named by incoming headers as a link, not a parent: an edge that starts its own trace (the public
 * gateway: a client's `traceparent` must decide neither its sampling nor its trace id) still records where
 * the request came from. Empty while tracing is off or without a valid `traceparent`.
 */
export function linksFromHeaders(headers: Readonly<Record<string, string | undefined>>): Link[] {
  if (!isTracingOn()) return []
  const remote = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, headers))
  return remote && isSpanContextValid(remote) ? [{ context: remote }] : []
}

/** The empty context: a span started under it is the root of a new trace, sampled by the root sampler. */
export const rootContext: Context = ROOT_CONTEXT

/**
 * Runs `fn` inside a new active span (child of `parent`, or of the active context), recording an exception
 * and an error status when it throws, and ending the span either way.
 *
 * @example
 * await withSpan('aggregator write', { attributes: { 'rv.check_id': id } }, () => store.finish(id))
 */
export async function withSpan<R>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context; links?: Link[] },
  fn: (span: Span) => Promise<R>,
): Promise<R> {
  if (!isTracingOn()) return fn(offSpan)
  const tracer = trace.getTracer(tracerName)
  const spanOptions = {
    ...(options.kind === undefined ? {} : { kind: options.kind }),
    ...(options.attributes ? { attributes: options.attributes } : {}),
    ...(options.links?.length ? { links: options.links } : {}),
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

/**
 * Records a span that already happened: from `startTime` (epoch ms) until now, child of `parent`. For work
 * done once for many messages (a consumer's batch): each message's trace still gets its consumer span,
 * linked to the one that did the work.
 */
export function recordSpan(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent: Context; links?: Link[]; startTime: number },
): void {
  if (!isTracingOn()) return
  const span = trace.getTracer(tracerName).startSpan(
    name,
    {
      startTime: options.startTime,
      ...(options.kind === undefined ? {} : { kind: options.kind }),
      ...(options.attributes ? { attributes: options.attributes } : {}),
      ...(options.links?.length ? { links: options.links } : {}),
    },
    options.parent,
  )
  span.end()
}
