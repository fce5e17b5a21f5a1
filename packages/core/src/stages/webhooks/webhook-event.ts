/**
 * A result-topic event as the webhook body (docs/webhooks.md). The event id is derived from the event
 * itself — its topic and content, a record signature aside — so the same event published twice (a
 * republished completion, a redelivered message) gets the same id, and a receiver deduplicates by it.
 * Its ULID time part is the time the event reports, which is also `created`.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { utf8ToBytes } from '@noble/hashes/utils.js'
import type {
  CheckRecord,
  CheckReviewedV1,
  CheckSettlementChangedV1,
  WebhookEvent,
  WebhookEventType,
} from '@rv/schemas'
import { canonicalJson } from '../review/canonical-json'

export const webhookTopics = [
  'check.completed.v1',
  'check.settlement-changed.v1',
  'check.reviewed.v1',
] as const
export type WebhookTopic = (typeof webhookTopics)[number]

export const webhookEventTypes = [
  'check.completed',
  'check.settlement_changed',
  'check.reviewed',
] as const satisfies readonly WebhookEventType[]

const typeByTopic: Record<WebhookTopic, WebhookEventType> = {
  'check.completed.v1': 'check.completed',
  'check.settlement-changed.v1': 'check.settlement_changed',
  'check.reviewed.v1': 'check.reviewed',
}

export type WebhookSource =
  | { topic: 'check.completed.v1'; value: CheckRecord }
  | { topic: 'check.settlement-changed.v1'; value: CheckSettlementChangedV1 }
  | { topic: 'check.reviewed.v1'; value: CheckReviewedV1 }

/** A webhook event and the check it is about (the ordering key of its deliveries). */
export interface BuiltWebhookEvent {
  event: WebhookEvent
  checkId: string
}

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A ULID-shaped id: 10 characters of `timeMs`, then 16 characters (80 bits) taken from `digest`.
 *
 * @example
 * ulidFromDigest(Date.parse('2026-01-01T00:00:00Z'), sha256(utf8ToBytes('x'))) // '01KDWB…'
 */
export function ulidFromDigest(timeMs: number, digest: Uint8Array): string {
  let time = ''
  let t = Math.max(0, Math.floor(timeMs))
  for (let i = 0; i < 10; i++) {
    time = crockford[t % 32] + time
    t = Math.floor(t / 32)
  }
  let bits = 0
  let value = 0
  let tail = ''
  for (const byte of digest) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && tail.length < 16) {
      tail += crockford[(value >> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
    if (tail.length === 16) break
  }
  return time + tail
}

function reportedTimeMs(source: WebhookSource): number {
  switch (source.topic) {
    case 'check.completed.v1':
      return Date.parse(source.value.created_at)
    case 'check.settlement-changed.v1':
      return Date.parse(source.value.settlement.updated_at)
    case 'check.reviewed.v1':
      return Date.parse(source.value.decided_at)
    default:
      return source satisfies never
  }
}

/**
 * Whom an event concerns and its type, without building it: what a consumer needs to find the endpoints
 * subscribed (building the event hashes the whole record; most tenants subscribe to nothing).
 */
export function webhookEventSubject(source: WebhookSource): {
  checkId: string
  tenantId: string
  type: WebhookEventType
} {
  const type = typeByTopic[source.topic]
  if (source.topic === 'check.completed.v1')
    return { checkId: source.value.id, tenantId: source.value.tenant_id, type }
  return { checkId: source.value.check_id, tenantId: source.value.tenant_id, type }
}

/**
 * @example
 * const { event, checkId } = buildWebhookEvent({ topic: 'check.completed.v1', value: record })
 * // event.type === 'check.completed', event.data === the record (its `signature` too, when present)
 */
export function buildWebhookEvent(source: WebhookSource): BuiltWebhookEvent {
  const data = source.value as unknown as Record<string, unknown>
  const { signature: _signature, ...signed } = data
  const timeMs = reportedTimeMs(source)
  const digest = sha256(utf8ToBytes(`${source.topic}\n${canonicalJson(signed)}`))
  const { checkId, tenantId, type } = webhookEventSubject(source)
  return {
    checkId,
    event: {
      id: `evt_${ulidFromDigest(timeMs, digest)}`,
      type,
      created: Math.floor(timeMs / 1000),
      tenant_id: tenantId,
      data,
    },
  }
}

/**
 * The id of one event's delivery to one endpoint: the same on every attempt and every redelivery; its
 * time part is the event's.
 */
export function webhookDeliveryId(endpointId: string, eventId: string): string {
  const tail = ulidFromDigest(0, sha256(utf8ToBytes(`${endpointId}\n${eventId}`))).slice(10)
  return `whd_${eventId.slice(4, 14)}${tail}`
}
