import type { Logger } from '@rv/logger'
import { Hono } from 'hono'
import { errorHandler, notFoundHandler } from './error-handler/error-handler'
import type { GatewayEnv } from './gateway-env'
import type { CachedReadinessOptions } from './health/cached-readiness'
import { healthRoutes } from './health/health-routes'
import { metricsRoute } from './observability/metrics-route'
import { requestId } from './request-id/request-id'

/**
 * The gateway's operator port (`OPERATOR_PORT`, default 9090): `/metrics`, `/readyz` and `/healthz`, for the
 * kubelet and Prometheus only. The public port the ingress routes serves `/v1` and `/healthz` alone, so the
 * internet sees neither the metrics (route patterns, tenants' volumes, queue depths) nor a readiness probe
 * it could use to load the dependencies.
 *
 * @example
 * serve({ fetch: createOperatorApp({ logger, probes }).fetch, port: config.operator.port })
 */
export function createOperatorApp(deps: {
  logger: Logger
  probes: Record<string, () => Promise<void>>
  readiness?: CachedReadinessOptions
}) {
  const app = new Hono<GatewayEnv>()
  app.use(requestId({ logger: deps.logger }))
  app.route('/', healthRoutes(deps.probes, deps.readiness))
  app.route('/', metricsRoute())
  app.onError(errorHandler())
  app.notFound(notFoundHandler())
  return app
}
