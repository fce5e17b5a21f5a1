import { isApiKeyShaped } from '@rv/store'
import { Hono } from 'hono'
import { bearerAuth } from './auth/bearer-auth'
import { requireScope } from './auth/require-scope'
import { routeScopes } from './auth/route-scopes'
import { deleteCheck } from './checks/delete-check'
import { getCheck } from './checks/get-check'
import { submitCheck } from './checks/submit-check'
import { acceptJson } from './contract/accept-json/accept-json'
import { checkIdParam } from './contract/check-id/check-id'
import { rateLimit } from './contract/rate-limit/rate-limit'
import { sharedRateLimit } from './contract/shared-rate-limit/shared-rate-limit'
import { streamedUpload } from './contract/streamed-upload/streamed-upload'
import { tenantConcurrency } from './contract/tenant-concurrency/tenant-concurrency'
import { listDecisions } from './decisions/list-decisions'
import { errorHandler, notFoundHandler } from './error-handler/error-handler'
import type { GatewayDeps } from './gateway-deps'
import type { GatewayEnv } from './gateway-env'
import { liveness } from './health/health-routes'
import { idempotencyKey } from './idempotency/idempotency-key'
import { httpObservability } from './observability/http-observability'
import { requestId } from './request-id/request-id'
import { settlementRoutes } from './settlement/settlement-routes'
import { jwksRoute } from './signing/jwks-route'
import { webhookRoutes } from './webhooks/webhook-routes'

// Room for the multipart envelope and the expectation part on top of the file itself.
const multipartOverheadBytes = 64 * 1024

/**
 * The public HTTP application: middleware chain and `/v1` routes, with every dependency injected. The probes
 * and metrics are on the operator port (operator-app.ts).
 *
 * @example
 * serve({ fetch: createApp(deps).fetch, port: 8080 })
 */
export function createApp(deps: GatewayDeps) {
  const app = new Hono<GatewayEnv>()
  app.use(httpObservability())
  app.use(requestId({ logger: deps.logger }))
  // /metrics and /readyz are the operator port's (operator-app.ts), never this public one.
  app.get('/healthz', liveness)
  app.route('/', jwksRoute(deps.signing?.jwks ?? { keys: [] }))
  app.use(
    '/v1/*',
    bearerAuth({
      authenticate: (token) => deps.tenants.authenticate(token).then(toTenant),
      wellFormed: isApiKeyShaped,
    }),
  )
  app.use('/v1/*', rateLimit(deps.rateLimit))
  if (deps.sharedRateLimit) app.use('/v1/*', sharedRateLimit(deps.sharedRateLimit))
  app.use('/v1/*', tenantConcurrency(deps.concurrency), acceptJson())
  // Each route's scope (auth/route-scopes.ts) is judged before its body is read.
  for (const { method, path, scope } of routeScopes) app.on(method, path, requireScope(scope))
  // The idempotency key is judged before a byte of the body is read.
  app.post(
    '/v1/checks',
    idempotencyKey(),
    streamedUpload({ maxFileBytes: deps.limits.maxFileBytes, overheadBytes: multipartOverheadBytes }),
    submitCheck(deps),
  )
  app.get('/v1/checks/:id', checkIdParam(), getCheck(deps))
  app.route('/', settlementRoutes(deps))
  const { eraseCheck } = deps
  if (eraseCheck) app.delete('/v1/checks/:id', checkIdParam(), deleteCheck({ ...deps, eraseCheck }))
  app.get('/v1/checks/:id/decisions', checkIdParam(), listDecisions(deps))
  if (deps.webhooks) app.route('/', webhookRoutes({ ...deps.webhooks, now: deps.now ?? (() => new Date()) }))
  app.onError(errorHandler())
  app.notFound(notFoundHandler())
  return app
}

function toTenant(
  doc: { _id: string; profile?: { name: string; version: number }; scopes: readonly string[] } | undefined,
) {
  return doc ? { id: doc._id, profile: doc.profile, scopes: doc.scopes } : undefined
}
