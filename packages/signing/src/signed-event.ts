/**
 * A result-topic event signed the same way on every topic (docs/signed-records.md): the detached JWS of the
 * event's own members travels beside them as `signature` — check.completed.v1 (the record),
 * check.settlement-changed.v1 (the settlement change), check.reviewed.v1 (the decision). A webhook body
 * carries such an event unchanged as its `data`.
 */
import type { KeyRing } from './key-ring'
import { type VerifyResult, verifyRecordSignature } from './record-signature'
import type { Jwks } from './signing-key'

/**
 * The event with its detached JWS beside it as `signature`, over the event without that member; the event
 * unchanged (without `signature`) when the service signs nothing.
 *
 * @example
 * await bus.publish('check.reviewed.v1', event.check_id, withSignature(keyRing, event))
 */
export function withSignature<T extends object>(
  ring: Pick<KeyRing, 'sign'>,
  event: T,
): T & { signature?: string } {
  const { signature: _stale, ...payload } = event as T & { signature?: unknown }
  const signature = ring.sign(payload)
  return (signature ? { ...payload, signature } : payload) as T & { signature?: string }
}

/** What a saved event says about itself: the check it is about, and whether its signature holds. */
export type SignedEventVerification = VerifyResult & { checkId?: string }

/**
 * Verifies a saved event: a result-topic event with its `signature` member, or a webhook body
 * (`{ id: "evt_…", type, data }`) whose `data` is one. The signed payload is the event without
 * `signature`; its check is `id` (a record) or `check_id` (a settlement change, a decision).
 *
 * @example
 * verifySignedEvent(JSON.parse(rawWebhookBody), jwks) // { ok: true, kid, checkId }
 */
export function verifySignedEvent(saved: unknown, jwks: Jwks): SignedEventVerification {
  const event = eventOf(saved)
  if (!event) return { ok: false, reason: 'malformed' }
  const { signature, ...payload } = event
  const checkId = checkIdOf(payload)
  const result: VerifyResult =
    typeof signature === 'string'
      ? verifyRecordSignature(payload, signature, jwks)
      : { ok: false, reason: 'malformed' }
  return checkId ? { ...result, checkId } : result
}

/** The id of the check a record or an event is about. */
export function checkIdOf(value: Record<string, unknown>): string | undefined {
  const id = value['check_id'] ?? value['id']
  return typeof id === 'string' && id.startsWith('chk_') ? id : undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The topic event inside a webhook body, or the value itself. */
function eventOf(saved: unknown): Record<string, unknown> | undefined {
  if (!isObject(saved)) return undefined
  const webhookBody =
    typeof saved['id'] === 'string' && saved['id'].startsWith('evt_') && typeof saved['type'] === 'string'
  if (!webhookBody) return saved
  return isObject(saved['data']) ? saved['data'] : undefined
}
