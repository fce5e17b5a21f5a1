/**
 * The delivery log of an endpoint, newest first and paged, and a redelivery on request (docs/webhooks.md):
 * a finished delivery (delivered or failed) is sent again with the same event id and body, newly signed,
 * on a fresh retry schedule. A pending one is already scheduled (409).
 */
import { webhookDeliveryView } from '@rv/store'
import type { Context } from 'hono'
import { ApiError } from '../api-error'
import type { GatewayEnv } from '../gateway-env'
import { endpointNotFound } from './endpoint-routes'
import type { WebhookDeps } from './webhook-deps'

const defaultPage = 20
const maxPage = 100

function pageOf(c: Context<GatewayEnv>): { limit: number; before: number | undefined } {
  const limitText = c.req.query('limit')
  const limit = limitText === undefined ? defaultPage : Number(limitText)
  if (!Number.isInteger(limit) || limit < 1 || limit > maxPage)
    throw new ApiError(400, 'invalid_request', { message: `limit must be 1 to ${maxPage}.`, param: 'limit' })
  const cursor = c.req.query('cursor')
  if (cursor !== undefined && !/^\d{1,16}$/.test(cursor))
    throw new ApiError(400, 'invalid_request', {
      message: 'cursor is not one this API gave.',
      param: 'cursor',
    })
  return { limit, before: cursor === undefined ? undefined : Number(cursor) }
}

export function listDeliveries(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const endpoint = await deps.endpoints.find(c.get('tenant').id, c.req.param('id') ?? '')
    if (!endpoint) throw endpointNotFound()
    const { limit, before } = pageOf(c)
    // One more than asked tells whether a next page exists.
    const found = await deps.deliveries.listOfEndpoint(endpoint._id, limit + 1, before)
    const page = found.slice(0, limit)
    const last = page.at(-1)
    return c.json(
      {
        data: page.map(webhookDeliveryView),
        next_cursor: found.length > limit && last ? String(last.seq) : null,
      },
      200,
    )
  }
}

export function redeliver(deps: WebhookDeps) {
  return async (c: Context<GatewayEnv>) => {
    const tenantId = c.get('tenant').id
    const id = c.req.param('id') ?? ''
    const delivery = await deps.deliveries.find(tenantId, id)
    if (!delivery)
      throw new ApiError(404, 'webhook_delivery_not_found', {
        message: 'No webhook delivery with this id.',
        param: 'id',
      })
    const endpoint = await deps.endpoints.find(tenantId, delivery.endpoint_id)
    if (endpoint?.status !== 'enabled')
      throw new ApiError(409, 'webhook_endpoint_disabled', {
        message: 'The endpoint is disabled (or deleted); enable it first.',
        type: 'invalid_request_error',
      })
    if (!(await deps.deliveries.redeliver(tenantId, id, deps.now())))
      throw new ApiError(409, 'webhook_delivery_pending', {
        message: 'The delivery is still pending; it is sent at next_attempt_at.',
        type: 'invalid_request_error',
      })
    const scheduled = await deps.deliveries.find(tenantId, id)
    c.get('logger').info('webhook redelivery', { delivery_id: id })
    return c.json(webhookDeliveryView(scheduled ?? delivery), 202)
  }
}
