/**
 * A tenant's webhook endpoints over the API (docs/webhooks.md): create (the secret is in that answer
 * only), list, read, delete, rotate the secret (the previous one keeps signing for an overlap), enable
 * again after a disable. Another tenant's endpoint is answered like an unknown one (404).
 */
import { parseWebhookEndpointInput } from '@rv/core/webhooks'
import { webhookEndpointView } from '@rv/store'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { GatewayEnv } from '../gateway-env'
import type { WebhookDeps } from './webhook-deps'

export const maxEndpointsPerTenant = 16
const defaultOverlapSeconds = 24 * 60 * 60
const maxOverlapSeconds = 7 * 24 * 60 * 60

export const endpointNotFound = () =>
  new ApiError(404, 'webhook_endpoint_not_found', {
    message: 'No webhook endpoint with this id.',
    param: 'id',
  })

async function jsonBody(c: Context<GatewayEnv>, optional = false): Promise<unknown> {
  const text = await c.req.text()
  if (optional && text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, 'invalid_request', { message: 'The body must be a JSON object.' })
  }
}

export function createEndpoint(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const parsed = parseWebhookEndpointInput(await jsonBody(c))
    if (!parsed.ok) {
      const first = parsed.problems[0]
      throw new ApiError(422, 'webhook_endpoint_invalid', {
        message: `The endpoint is refused: ${first?.path} ${first?.message}.`,
        details: parsed.problems,
      })
    }
    const tenantId = c.get('tenant').id
    if ((await deps.endpoints.list(tenantId)).length >= maxEndpointsPerTenant)
      throw new ApiError(422, 'webhook_endpoint_limit', {
        message: `At most ${maxEndpointsPerTenant} webhook endpoints per tenant; delete one first.`,
      })
    const { endpoint, secret } = await deps.endpoints.create(tenantId, parsed.input)
    c.get('logger').info('webhook endpoint created', { endpoint_id: endpoint._id })
    return c.json(webhookEndpointView(endpoint, deps.now(), secret), 201)
  }
}

export function listEndpoints(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const now = deps.now()
    const endpoints = await deps.endpoints.list(c.get('tenant').id)
    return c.json({ data: endpoints.map((e) => webhookEndpointView(e, now)) }, 200)
  }
}

export function getEndpoint(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const endpoint = await deps.endpoints.find(c.get('tenant').id, c.req.param('id') ?? '')
    if (!endpoint) throw endpointNotFound()
    return c.json(webhookEndpointView(endpoint, deps.now()), 200)
  }
}

export function deleteEndpoint(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const id = c.req.param('id') ?? ''
    if (!(await deps.endpoints.remove(c.get('tenant').id, id))) throw endpointNotFound()
    await deps.deliveries.removeOfEndpoint(id)
    c.get('logger').info('webhook endpoint deleted', { endpoint_id: id })
    return c.body(null, 204)
  }
}

export function rotateSecret(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const body = (await jsonBody(c, true)) as { expire_previous_in_seconds?: unknown } | null
    const overlap = body?.expire_previous_in_seconds ?? defaultOverlapSeconds
    if (
      typeof overlap !== 'number' ||
      !Number.isInteger(overlap) ||
      overlap < 0 ||
      overlap > maxOverlapSeconds
    )
      throw new ApiError(422, 'webhook_endpoint_invalid', {
        message: `expire_previous_in_seconds must be an integer from 0 to ${maxOverlapSeconds}.`,
        param: 'expire_previous_in_seconds',
      })
    const rotated = await deps.endpoints.rotateSecret(
      c.get('tenant').id,
      c.req.param('id') ?? '',
      overlap * 1000,
    )
    if (!rotated) throw endpointNotFound()
    c.get('logger').info('webhook secret rotated', { endpoint_id: rotated.endpoint._id })
    return c.json(webhookEndpointView(rotated.endpoint, deps.now(), rotated.secret), 200)
  }
}

export function enableEndpoint(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const endpoint = await deps.endpoints.enable(c.get('tenant').id, c.req.param('id') ?? '')
    if (!endpoint) throw endpointNotFound()
    return c.json(webhookEndpointView(endpoint, deps.now()), 200)
  }
}
