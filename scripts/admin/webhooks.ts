/**
 * Admin commands for a tenant's webhook endpoints (docs/webhooks.md), the same operations as the API:
 *
 *   npm run admin -- webhook create --tenant <tenant> --url <url> --events check.completed,check.reviewed [--description <text>]
 *       prints the endpoint with its signing secret (shown once)
 *   npm run admin -- webhook list <tenant>                       endpoints, status, failure streak
 *   npm run admin -- webhook show|delete|enable <tenant> <endpoint id>
 *   npm run admin -- webhook rotate <tenant> <endpoint id> [--overlap-seconds 86400]
 *   npm run admin -- webhook deliveries <tenant> <endpoint id> [--limit 20]   the delivery log, newest first
 *   npm run admin -- webhook redeliver <tenant> <delivery id>
 */
import { parseWebhookEndpointInput } from '@rv/core/webhooks'
import { type Store, webhookDeliveryView, webhookEndpointView } from '@rv/store'
import { type AdminCommand, parseArgs } from './command'

async function tenantOf(store: Store, ref: string | undefined, usage: string): Promise<string> {
  if (!ref) throw new Error(`usage: ${usage}`)
  const tenant = await store.tenants.findTenant(ref)
  if (!tenant) throw new Error(`no tenant ${ref}`)
  return tenant._id
}

async function endpointOf(store: Store, args: string[], usage: string) {
  const { positional, flags } = parseArgs(args)
  const tenantId = await tenantOf(store, positional[0], usage)
  const id = positional[1]
  if (!id) throw new Error(`usage: ${usage}`)
  return { tenantId, id, flags }
}

const show = (value: unknown) => JSON.stringify(value, null, 2)

export const webhookCommands: Record<string, AdminCommand> = {
  'webhook create': async (store, args) => {
    const usage = 'webhook create --tenant <tenant> --url <url> --events <type,…> [--description <text>]'
    const { flags } = parseArgs(args)
    const tenantId = await tenantOf(store, flags.tenant, usage)
    const parsed = parseWebhookEndpointInput({
      url: flags.url,
      events: (flags.events ?? '').split(',').filter((e) => e.length > 0),
      ...(flags.description === undefined ? {} : { description: flags.description }),
    })
    if (!parsed.ok) throw new Error(parsed.problems.map((p) => `${p.path} ${p.message}`).join('; '))
    const { endpoint, secret } = await store.webhookEndpoints.create(tenantId, parsed.input)
    return show(webhookEndpointView(endpoint, new Date(), secret))
  },
  'webhook list': async (store, args) => {
    const tenantId = await tenantOf(store, args[0], 'webhook list <tenant>')
    const now = new Date()
    return show((await store.webhookEndpoints.list(tenantId)).map((e) => webhookEndpointView(e, now)))
  },
  'webhook show': async (store, args) => {
    const { tenantId, id } = await endpointOf(store, args, 'webhook show <tenant> <endpoint id>')
    const endpoint = await store.webhookEndpoints.find(tenantId, id)
    if (!endpoint) throw new Error(`no webhook endpoint ${id} for ${tenantId}`)
    return show(webhookEndpointView(endpoint, new Date()))
  },
  'webhook delete': async (store, args) => {
    const { tenantId, id } = await endpointOf(store, args, 'webhook delete <tenant> <endpoint id>')
    if (!(await store.webhookEndpoints.remove(tenantId, id))) throw new Error(`no webhook endpoint ${id}`)
    await store.webhookDeliveries.removeOfEndpoint(id)
    return JSON.stringify({ deleted: id })
  },
  'webhook enable': async (store, args) => {
    const { tenantId, id } = await endpointOf(store, args, 'webhook enable <tenant> <endpoint id>')
    const endpoint = await store.webhookEndpoints.enable(tenantId, id)
    if (!endpoint) throw new Error(`no webhook endpoint ${id}`)
    return show(webhookEndpointView(endpoint, new Date()))
  },
  'webhook rotate': async (store, args) => {
    const usage = 'webhook rotate <tenant> <endpoint id> [--overlap-seconds N]'
    const { tenantId, id, flags } = await endpointOf(store, args, usage)
    const overlap = Number(flags['overlap-seconds'] ?? 86_400)
    if (!Number.isInteger(overlap) || overlap < 0) throw new Error(`usage: ${usage}`)
    const rotated = await store.webhookEndpoints.rotateSecret(tenantId, id, overlap * 1000)
    if (!rotated) throw new Error(`no webhook endpoint ${id}`)
    return show(webhookEndpointView(rotated.endpoint, new Date(), rotated.secret))
  },
  'webhook deliveries': async (store, args) => {
    const usage = 'webhook deliveries <tenant> <endpoint id> [--limit N]'
    const { tenantId, id, flags } = await endpointOf(store, args, usage)
    if (!(await store.webhookEndpoints.find(tenantId, id))) throw new Error(`no webhook endpoint ${id}`)
    const limit = Number(flags.limit ?? 20)
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`usage: ${usage}`)
    return show((await store.webhookDeliveries.listOfEndpoint(id, limit)).map(webhookDeliveryView))
  },
  'webhook redeliver': async (store, args) => {
    const { tenantId, id } = await endpointOf(store, args, 'webhook redeliver <tenant> <delivery id>')
    const delivery = await store.webhookDeliveries.find(tenantId, id)
    if (!delivery) throw new Error(`no webhook delivery ${id}`)
    const endpoint = await store.webhookEndpoints.find(tenantId, delivery.endpoint_id)
    if (endpoint?.status !== 'enabled')
      throw new Error('its endpoint is disabled or deleted; enable it first')
    if (!(await store.webhookDeliveries.redeliver(tenantId, id, new Date())))
      throw new Error('the delivery is still pending (already scheduled)')
    return JSON.stringify({ redelivering: id })
  },
}
