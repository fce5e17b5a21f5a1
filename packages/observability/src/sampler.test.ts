import { ExportResultCode } from '@opentelemetry/core'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base'
import type { TraceSamplerConfig } from '@rv/config'
import { afterEach, describe, expect, it } from 'vitest'
import { contextFromHeaders, SpanKind, traceContextHeaders, withSpan } from './trace-context'
import { startTracing, type Tracing } from './tracing'

const exported: ReadableSpan[] = []
let tracing: Tracing | undefined

function trace(sampler: TraceSamplerConfig): void {
  exported.length = 0
  const exporter: SpanExporter = {
    export: (spans, done) => {
      exported.push(...spans)
      done({ code: ExportResultCode.SUCCESS })
    },
    shutdown: async () => undefined,
  }
  tracing = startTracing({ service: 'test', otlpEndpoint: undefined, exporter, sampler })
}

afterEach(async () => {
  await tracing?.shutdown()
  tracing = undefined
})

/** A POST publishing one message, and the consumer's span with a child: what a check does per hop. */
async function oneHop(): Promise<{ headers: Record<string, string>; consumerTraceId: string }> {
  const headers = await withSpan('POST /v1/checks', { kind: SpanKind.SERVER }, async () =>
    traceContextHeaders(),
  )
  const consumerTraceId = await withSpan(
    'matching process',
    { kind: SpanKind.CONSUMER, parent: contextFromHeaders(headers) },
    async (span) => {
      await withSpan('aggregator write', {}, async () => undefined)
      return span.spanContext().traceId
    },
  )
  return { headers, consumerTraceId }
}

describe('trace sampler', () => {
  it('sampled out: nothing exported, but the traceparent still travels (flags 00) and the trace id with it', async () => {
    trace({ name: 'parentbased_traceidratio', ratio: 0 })
    const { headers, consumerTraceId } = await oneHop()
    await tracing?.shutdown()
    expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/)
    expect(headers.traceparent).toContain(consumerTraceId)
    expect(exported).toEqual([])
  })

  it('a consumer with a parent-based sampler follows a sampled parent whatever its own ratio', async () => {
    trace({ name: 'parentbased_traceidratio', ratio: 0 })
    const sampledParent = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }
    await withSpan('matching process', { parent: contextFromHeaders(sampledParent) }, async () => undefined)
    await tracing?.shutdown()
    expect(exported.map((s) => s.spanContext().traceId)).toEqual(['0af7651916cd43dd8448eb211c80319c'])
  })

  it('ratio 1 records the whole hop, flags 01', async () => {
    trace({ name: 'parentbased_traceidratio', ratio: 1 })
    const { headers } = await oneHop()
    await tracing?.shutdown()
    expect(headers.traceparent).toMatch(/-01$/)
    expect(exported.map((s) => s.name).sort()).toEqual([
      'POST /v1/checks',
      'aggregator write',
      'matching process',
    ])
  })

  it('a ratio samples about that share of new traces', async () => {
    trace({ name: 'traceidratio', ratio: 0.25 })
    for (let i = 0; i < 2000; i++) await withSpan('root', {}, async () => undefined)
    await tracing?.shutdown()
    // Trace ids are random: 500 expected, 4 standard deviations (±78) either side.
    expect(exported.length).toBeGreaterThan(420)
    expect(exported.length).toBeLessThan(580)
  })

  it('always_off records nothing even under a sampled parent; parentbased_always_off follows it', async () => {
    const sampledParent = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }
    trace({ name: 'always_off', ratio: 1 })
    await withSpan('child', { parent: contextFromHeaders(sampledParent) }, async () => undefined)
    await tracing?.shutdown()
    expect(exported).toEqual([])
    trace({ name: 'parentbased_always_off', ratio: 1 })
    await withSpan('root', {}, async () => undefined)
    await withSpan('child', { parent: contextFromHeaders(sampledParent) }, async () => undefined)
    await tracing?.shutdown()
    expect(exported.map((s) => s.name)).toEqual(['child'])
  })
})
