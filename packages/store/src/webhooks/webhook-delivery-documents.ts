import type { WebhookAttempt, WebhookDelivery, WebhookEventType } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'

/** Attempts kept per delivery (the oldest are dropped). */
export const keptWebhookAttempts = 50

export interface StoredWebhookAttempt extends Omit<WebhookAttempt, 'at'> {
  at: Date
}

export interface WebhookDeliveryDocument {
  _id: string
  tenant_id: string
  endpoint_id: string
  event_id: string
  event_type: WebhookEventType
  check_id: string
  /** `<endpoint>:<check>`: deliveries of one lane go out in `seq` order, one at a time. */
  lane: string
  /** Milliseconds at enqueue: the order within the lane. */
  seq: number
  body: string
  state: WebhookDelivery['status']
  failure_reason: WebhookDelivery['failure_reason']
  due_at: Date | null
  /** True while it waits for an earlier delivery of its lane (woken when that one ends). */
  blocked: boolean
  lease: string | null
  /** Start of the current retry schedule (enqueue, or a redelivery) and the attempts made in it. */
  schedule_from: Date
  schedule_attempts: number
  attempts: StoredWebhookAttempt[]
  created_at: Date
}

export type NewWebhookDelivery = Pick<
  WebhookDeliveryDocument,
  '_id' | 'tenant_id' | 'endpoint_id' | 'event_id' | 'event_type' | 'check_id' | 'body'
>

/** How an attempt ended: delivered, failed for good, or again at `dueAt`. */
export type AttemptOutcome =
  | { state: 'delivered' }
  | { state: 'failed'; reason: NonNullable<WebhookDelivery['failure_reason']> }
  | { state: 'pending'; dueAt: Date }

/** A delivery due now at the start of its retry schedule: stored, or sent again on request. */
export function freshSchedule(now: Date) {
  return {
    state: 'pending' as const,
    failure_reason: null,
    due_at: now,
    blocked: false,
    lease: null,
    schedule_from: now,
    schedule_attempts: 0,
  }
}

export function webhookDeliveryView(doc: WebhookDeliveryDocument): WebhookDelivery {
  return {
    id: doc._id,
    endpoint_id: doc.endpoint_id,
    event_id: doc.event_id,
    event_type: doc.event_type,
    check_id: doc.check_id,
    status: doc.state,
    failure_reason: doc.failure_reason,
    next_attempt_at: doc.state === 'pending' ? (doc.due_at?.toISOString() ?? null) : null,
    // In the order they were made: two overlapping attempts (one past its lease) append in either order.
    attempts: [...doc.attempts]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((a) => ({ ...a, at: a.at.toISOString() })),
    created_at: doc.created_at.toISOString(),
  }
}

export type WebhookDeliveries = Collection<WebhookDeliveryDocument>

export function openWebhookDeliveries(db: Db): WebhookDeliveries {
  return db.collection('webhook_deliveries')
}
