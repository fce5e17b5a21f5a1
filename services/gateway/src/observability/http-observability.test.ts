import {
  enableMetrics,
  renderMetrics,
  startTracing,
  type TracingOptions,
  traceContextHeaders,
} from '@rv/observability'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { GatewayEnv } from '../gateway-env'
import { httpObservability } from './http-observability'
import { metricsRoute } from './metrics-route'

type ReadableSpan = Parameters<NonNullable<TracingOptions['exporter']>['export']>[0][number]

function app() {
  const a = new Hono<GatewayEnv>()
  a.use(httpObservability())
  a.route('/', metricsRoute())
  a.use('/v1/*', async (c, next) => (c.req.header('authorization') ? next() : c.json({}, 401)))
  a.get('/v1/checks/:id', (c) => c.json({ id: c.req.param('id'), headers: traceContextHeaders() }))
  return a
}

describe('httpObservability', () => {
  it('counts requests by route pattern and status, never by raw path', async () => {
    const a = app()
    expect((await a.request('/metrics')).status).toBe(404)
    enableMetrics({ service: 'gateway' })
    const auth = { authorization: 'Bearer x' }
    await a.request('/v1/checks/chk_01AAA', { headers: auth })
    await a.request('/v1/checks/chk_01BBB', { headers: auth })
    await a.request('/v1/checks/chk_01CCC')
    await a.request('/nowhere')
    const res = await a.request('/metrics')
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const body = await res.text()
    expect(body).toContain(
      'rv_http_requests_total{method="GET",route="/v1/checks/:id",status="200",service="gateway"} 2',
    )
    expect(body).toContain(
      'rv_http_requests_total{method="GET",route="/v1/checks/:id",status="401",service="gateway"} 1',
    )
    expect(body).toContain(
      'rv_http_requests_total{method="GET",route="unmatched",status="404",service="gateway"} 1',
    )
    expect(body).toContain(
      'rv_http_request_duration_seconds_count{service="gateway",method="GET",route="/v1/checks/:id"} 3',
    )
    expect(body).not.toContain('chk_01')
    expect((await renderMetrics())?.body).toContain('rv_http_requests_total')
  })

  it("starts its own trace: a client's traceparent sets neither the trace id nor the sampling, and is kept as a link", async () => {
    const exported: ReadableSpan[] = []
    const tracing = startTracing({
      service: 'gateway-test',
      otlpEndpoint: undefined,
      exporter: {
        export: (spans, done) => {
          exported.push(...spans)
          done({ code: 0 })
        },
        shutdown: async () => undefined,
      },
    })
    try {
      const clientTrace = '4bf92f3577b34da6a3ce929d0e0e4736'
      // `-00`: the client asks for the request not to be sampled; the gateway's own sampler decides.
      const res = await app().request('/v1/checks/chk_1', {
        headers: { authorization: 'Bearer x', traceparent: `00-${clientTrace}-00f067aa0ba902b7-00` },
      })
      const { headers } = (await res.json()) as { headers: Record<string, string> }
      expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
      expect(headers.traceparent).not.toContain(clientTrace)
      await tracing.flush()
      const server = exported.find((span) => span.name === 'GET /v1/checks/:id')
      expect(server?.parentSpanContext).toBeUndefined()
      expect(server?.links.map((link) => link.context.traceId)).toEqual([clientTrace])
    } finally {
      await tracing.shutdown()
    }
  })
})
