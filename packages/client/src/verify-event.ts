import type { Jwks } from './types.js'
import { type RecordVerification, verifyRecordSignature } from './verify-record.js'

/**
 * Checks a signed event: a result-topic event (check.completed.v1, check.settlement-changed.v1,
 * check.reviewed.v1) carrying its detached JWS as `signature`, or a webhook body (`{ id: "evt_…", type,
 * data }`) whose `data` is such an event. The signed payload is the event without `signature`; the keys
 * are the service's `/.well-known/jwks.json`. For a webhook, check its `RV-Signature` first
 * (`verifyWebhook`): that proves the request came from the service now; this proves the event did, to
 * anyone, later.
 *
 * @example
 * const event = verifyWebhook(rawBody, header, secret)
 * const { ok } = await verifyEventSignature(event, await rv.getJwks())
 */
export async function verifyEventSignature(event: unknown, jwks: Jwks): Promise<RecordVerification> {
  const signed = eventOf(event)
  if (!signed) return { ok: false, reason: 'malformed' }
  const { signature, ...payload } = signed
  if (typeof signature !== 'string') return { ok: false, reason: 'malformed' }
  return verifyRecordSignature(payload, signature, jwks)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The topic event inside a webhook body, or the value itself. */
function eventOf(value: unknown): Record<string, unknown> | undefined {
  if (!isObject(value)) return undefined
  const id = value['id']
  const webhookBody = typeof id === 'string' && id.startsWith('evt_') && typeof value['type'] === 'string'
  if (!webhookBody) return value
  return isObject(value['data']) ? value['data'] : undefined
}
