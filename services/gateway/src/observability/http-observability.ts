import { contextFromHeaders, metrics, SpanKind, secondsSince, withSpan } from '@rv/observability'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { matchedRoutes } from 'hono/route'
import type { GatewayEnv } from '../gateway-env'

/**
 * Counts and times every request by method, route pattern (`/v1/checks/:id`, never the raw path, which
 * holds check ids) and status, and runs it inside a server span continuing the caller's W3C `traceparent`;
 * the span is the parent of everything the request publishes, so a check's trace starts here.
 *
 * @example
 * app.use(httpObservability())
 */
export function httpObservability() {
  return createMiddleware<GatewayEnv>(async (c, next) => {
    const started = performance.now()
    const parent = contextFromHeaders({
      traceparent: c.req.header('traceparent'),
      tracestate: c.req.header('tracestate'),
    })
    await withSpan(`${c.req.method} ${routeOf(c)}`, { kind: SpanKind.SERVER, parent }, async (span) => {
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
