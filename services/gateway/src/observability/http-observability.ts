import { linksFromHeaders, metrics, rootContext, SpanKind, secondsSince, withSpan } from '@rv/observability'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { matchedRoutes } from 'hono/route'
import type { GatewayEnv } from '../gateway-env'

/**
 * Counts and times every request by method, route pattern (`/v1/checks/:id`, never the raw path, which
 * holds check ids) and status, and runs it inside a server span that starts a new trace: the gateway faces
 * the internet, so a client's W3C `traceparent` decides neither the trace id nor whether the request is
 * sampled (a client sending `-01` on every request would force full tracing). The caller's span is kept as a
 * link. The span is the parent of everything the request publishes, so a check's trace starts here.
 *
 * @example
 * app.use(httpObservability())
 */
export function httpObservability() {
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const started = performance.now()
    const links = linksFromHeaders({
      traceparent: c.req.header('traceparent'),
      tracestate: c.req.header('tracestate'),
    })
    const options = { kind: SpanKind.SERVER, parent: rootContext, links }
    await withSpan(`${c.req.method} ${routeOf(c)}`, options, async (span) => {
      await next()
      span.setAttribute('http.response.status_code', c.res.status)
    })
    const labels = { method: c.req.method, route: routeOf(c) }
    metrics().httpRequests.inc({ ...labels, status: c.res.status })
    metrics().httpDuration.observe(labels, secondsSince(started))
  })
}

/** The pattern of the route that answers, or `unmatched` (only middleware matched: a 404). */
export function routeOf(c: Context): string {
  const handler = matchedRoutes(c).findLast((route) => route.method !== 'ALL')
  return handler?.path ?? 'unmatched'
}
