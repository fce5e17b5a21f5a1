/**
 * What a tenant may register as a webhook endpoint (docs/webhooks.md), checked the same way by the API
 * and the admin CLI: an absolute http(s) URL without credentials or fragment, a non-empty set of known
 * event types, an optional short description. Where the URL may point is judged at each delivery (the
 * SSRF guard), when its name is resolved.
 */
import type { WebhookEventType } from '@rv/schemas'
import { webhookEventTypes } from './webhook-event'

export interface WebhookEndpointInput {
  url: string
  events: WebhookEventType[]
  description: string | null
}

export interface InputProblem {
  path: string
  message: string
}

export const maxWebhookUrlLength = 2048
export const maxWebhookDescriptionLength = 200

function checkUrl(value: unknown): InputProblem | undefined {
  if (typeof value !== 'string' || value.length === 0) return { path: '/url', message: 'is required' }
  if (value.length > maxWebhookUrlLength)
    return { path: '/url', message: `must be at most ${maxWebhookUrlLength} characters` }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { path: '/url', message: 'must be an absolute URL' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { path: '/url', message: 'must be http or https' }
  if (url.username || url.password) return { path: '/url', message: 'must not carry credentials' }
  if (url.hash) return { path: '/url', message: 'must not carry a fragment' }
  return undefined
}

/**
 * @example
 * parseWebhookEndpointInput({ url: 'https://shop.example/hooks', events: ['check.completed'] })
 * // { ok: true, input: { url: 'https://shop.example/hooks', events: ['check.completed'], description: null } }
 */
export function parseWebhookEndpointInput(
  body: unknown,
): { ok: true; input: WebhookEndpointInput } | { ok: false; problems: InputProblem[] } {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, problems: [{ path: '', message: 'must be an object' }] }
  const { url, events, description, ...rest } = body as Record<string, unknown>
  const problems: InputProblem[] = []
  for (const name of Object.keys(rest)) problems.push({ path: `/${name}`, message: 'is not a known member' })
  const urlProblem = checkUrl(url)
  if (urlProblem) problems.push(urlProblem)
  const known = new Set<string>(webhookEventTypes)
  if (!Array.isArray(events) || events.length === 0)
    problems.push({ path: '/events', message: `must list one or more of ${webhookEventTypes.join(', ')}` })
  else
    events.forEach((e, i) => {
      if (typeof e !== 'string' || !known.has(e))
        problems.push({ path: `/events/${i}`, message: `must be one of ${webhookEventTypes.join(', ')}` })
    })
  if (
    description !== undefined &&
    description !== null &&
    (typeof description !== 'string' || description.length > maxWebhookDescriptionLength)
  )
    problems.push({
      path: '/description',
      message: `must be a string of at most ${maxWebhookDescriptionLength} characters`,
    })
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    input: {
      url: url as string,
      events: [...new Set(events as WebhookEventType[])],
      description: (description as string | null | undefined) ?? null,
    },
  }
}
