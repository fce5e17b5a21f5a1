import { Hono } from 'hono'
import type { GatewayEnv } from '../gateway-env'
import { listDeliveries, redeliver } from './delivery-routes'
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
} from './endpoint-routes'
import type { WebhookDeps } from './webhook-deps'

/**
 * The webhook routes (docs/webhooks.md), under the same authentication, rate limit and `Accept` checks as
 * the check routes.
 *
 * @example
 * app.route('/', webhookRoutes({ endpoints: store.webhookEndpoints, deliveries: store.webhookDeliveries, now }))
 */
export function webhookRoutes(deps: WebhookDeps) {
  const routes = new Hono<GatewayEnv>()
  routes.post('/v1/webhook-endpoints', createEndpoint(deps))
  routes.get('/v1/webhook-endpoints', listEndpoints(deps))
  routes.get('/v1/webhook-endpoints/:id', getEndpoint(deps))
  routes.delete('/v1/webhook-endpoints/:id', deleteEndpoint(deps))
  routes.post('/v1/webhook-endpoints/:id/rotate-secret', rotateSecret(deps))
  routes.post('/v1/webhook-endpoints/:id/enable', enableEndpoint(deps))
  routes.get('/v1/webhook-endpoints/:id/deliveries', listDeliveries(deps))
  routes.post('/v1/webhook-deliveries/:id/redeliver', redeliver(deps))
  return routes
}
