import { ExportResultCode } from '@opentelemetry/core'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base'
import { describe, expect, it } from 'vitest'
import { contextFromHeaders, SpanKind, traceContextHeaders, withSpan } from './trace-context'
import { startTracing } from './tracing'

describe('trace context while tracing is off', () => {
  it('writes no header and runs the callback with a span that records nothing', async () => {
    expect(traceContextHeaders()).toEqual({})
    const result = await withSpan('off', {}, async (span) => {
      expect(span.isRecording()).toBe(false)
      return traceContextHeaders()
    })
    expect(result).toEqual({})
  })
})

describe('trace context across a message hop', () => {
  it('carries the trace in a W3C traceparent header from the publisher to the consumer span', async () => {
    // Keeps what was exported (the SDK's in-memory exporter forgets it on shutdown).
    const exported: ReadableSpan[] = []
    const exporter: SpanExporter = {
      export: (spans, done) => {
        exported.push(...spans)
        done({ code: ExportResultCode.SUCCESS })
      },
      shutdown: async () => undefined,
    }
    const tracing = startTracing({ service: 'test', otlpEndpoint: undefined, exporter })
    expect(tracing.enabled).toBe(true)
    const headers = await withSpan('POST /v1/checks', { kind: SpanKind.SERVER }, async () => {
      const carried: Record<string, string> = { 'request-id': 'req_1', ...traceContextHeaders() }
      return carried
    })
    expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
    await withSpan(
      'matching process',
      { kind: SpanKind.CONSUMER, parent: contextFromHeaders(headers) },
      async () => {
        await withSpan('aggregator write', {}, async () => undefined)
      },
    )
    await expect(withSpan('fails', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await tracing.shutdown()
    const spans = exported
    const byName = Object.fromEntries(spans.map((s) => [s.name, s]))
    const post = byName['POST /v1/checks']!
    const consume = byName['matching process']!
    const write = byName['aggregator write']!
    expect(headers.traceparent).toContain(post.spanContext().spanId)
    expect(consume.spanContext().traceId).toBe(post.spanContext().traceId)
    expect(consume.parentSpanContext?.spanId).toBe(post.spanContext().spanId)
    expect(write.parentSpanContext?.spanId).toBe(consume.spanContext().spanId)
    expect(byName.fails?.status.code).toBe(2)
    expect(byName.fails?.events.map((e) => e.name)).toEqual(['exception'])
    expect(traceContextHeaders()).toEqual({})
  })
})
