/**
 * Webhook deliveries (docs/webhooks.md): one document per event and endpoint (`_id` derived from both, so
 * a redelivered Kafka message finds its delivery instead of making a second one), with the fixed JSON
 * body, the state, the due time the sweeper works by and the attempts so far. An attempt is taken by a
 * lease — the due time moved past the attempt's timeout and a token — so a process killed mid-attempt
 * leaves a delivery that falls due again (at least once), and a stale attempt cannot overwrite a newer one.
 */
import type { WebhookAttempt, WebhookDelivery, WebhookEventType } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'
import { findOneWith, findWith } from './store-queries'
import { webhookIndexes, webhookQueries } from './webhook-queries'

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
function freshSchedule(now: Date) {
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
    attempts: doc.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
    created_at: doc.created_at.toISOString(),
  }
}

export function createWebhookDeliveryRepository(db: Db) {
  const deliveries: Collection<WebhookDeliveryDocument> = db.collection('webhook_deliveries')

  return {
    async ensureIndexes(): Promise<void> {
      for (const index of webhookIndexes.webhook_deliveries) await deliveries.createIndex(index)
    },
    /** Stores a delivery due now; false when it was stored before (the same event for the same endpoint). */
    async enqueue(delivery: NewWebhookDelivery, now: Date): Promise<boolean> {
      try {
        await deliveries.insertOne({
          ...delivery,
          lane: `${delivery.endpoint_id}:${delivery.check_id}`,
          seq: now.getTime(),
          ...freshSchedule(now),
          attempts: [],
          created_at: now,
        })
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },
    async due(now: Date, limit: number): Promise<WebhookDeliveryDocument[]> {
      return findWith(deliveries, webhookQueries.due(now, limit)).toArray()
    },
    async headOfLane(lane: string): Promise<WebhookDeliveryDocument | undefined> {
      return (await findOneWith(deliveries, webhookQueries.headOfLane(lane))) ?? undefined
    },
    /** Parks a delivery behind the earlier one of its lane; it is woken when that one ends, or at `recheckAt`. */
    async block(doc: WebhookDeliveryDocument, recheckAt: Date): Promise<void> {
      await deliveries.updateOne(
        { _id: doc._id, state: 'pending', due_at: doc.due_at },
        { $set: { blocked: true, due_at: recheckAt } },
      )
    },
    /** Makes the head of a lane due now when it was only waiting for its turn. */
    async wakeLane(lane: string, now: Date): Promise<void> {
      const head = await this.headOfLane(lane)
      if (head?.blocked)
        await deliveries.updateOne(
          { _id: head._id, state: 'pending', blocked: true },
          { $set: { blocked: false, due_at: now } },
        )
    },
    /**
     * Takes a due delivery for one attempt: its due time moves to `leaseUntil` under `token`. Undefined
     * when another worker took it first (the due time it was read with has changed).
     */
    async lease(
      doc: WebhookDeliveryDocument,
      token: string,
      leaseUntil: Date,
    ): Promise<WebhookDeliveryDocument | undefined> {
      const taken = await deliveries.findOneAndUpdate(
        { _id: doc._id, state: 'pending', due_at: doc.due_at },
        { $set: { due_at: leaseUntil, lease: token, blocked: false } },
        { returnDocument: 'after' },
      )
      return taken ?? undefined
    },
    /** Writes an attempt and its outcome, if the lease `token` still holds the delivery. */
    async finishAttempt(
      doc: WebhookDeliveryDocument,
      token: string,
      attempt: StoredWebhookAttempt,
      outcome: AttemptOutcome,
    ): Promise<boolean> {
      const done = await deliveries.updateOne(
        { _id: doc._id, lease: token },
        {
          $set: {
            attempts: [...doc.attempts, attempt].slice(-keptWebhookAttempts),
            schedule_attempts: doc.schedule_attempts + 1,
            lease: null,
            state: outcome.state,
            due_at: outcome.state === 'pending' ? outcome.dueAt : null,
            failure_reason: outcome.state === 'failed' ? outcome.reason : null,
          },
        },
      )
      return done.matchedCount === 1
    },
    /** Ends a pending delivery without an attempt (its endpoint was disabled or deleted). */
    async fail(doc: WebhookDeliveryDocument, reason: NonNullable<WebhookDelivery['failure_reason']>) {
      await deliveries.updateOne(
        { _id: doc._id, state: 'pending' },
        { $set: { state: 'failed', failure_reason: reason, due_at: null, lease: null } },
      )
    },
    /** Every pending delivery of a disabled endpoint is given up (redeliverable from the log). */
    async failPendingOfEndpoint(endpointId: string, reason: 'endpoint_disabled'): Promise<number> {
      const done = await deliveries.updateMany(
        { endpoint_id: endpointId, state: 'pending' },
        { $set: { state: 'failed', failure_reason: reason, due_at: null, lease: null, blocked: false } },
      )
      return done.modifiedCount
    },
    async find(tenantId: string, id: string): Promise<WebhookDeliveryDocument | undefined> {
      const doc = await findOneWith(deliveries, webhookQueries.deliveryById(id))
      return doc?.tenant_id === tenantId ? doc : undefined
    },
    async listOfEndpoint(
      endpointId: string,
      limit: number,
      beforeSeq?: number,
    ): Promise<WebhookDeliveryDocument[]> {
      return findWith(deliveries, webhookQueries.ofEndpoint(endpointId, limit, beforeSeq)).toArray()
    },
    /**
     * Sends a finished delivery again with a fresh retry schedule (same event id, same body, newly
     * signed). False when it is still pending (it is already scheduled) or unknown.
     */
    async redeliver(tenantId: string, id: string, now: Date): Promise<boolean> {
      const done = await deliveries.updateOne(
        { _id: id, tenant_id: tenantId, state: { $ne: 'pending' } },
        { $set: freshSchedule(now) },
      )
      return done.modifiedCount === 1
    },
    async removeOfEndpoint(endpointId: string): Promise<void> {
      await deliveries.deleteMany({ endpoint_id: endpointId })
    },
    async eraseCheck(checkId: string): Promise<void> {
      await deliveries.deleteMany({ check_id: checkId })
    },
    async eraseTenant(tenantId: string): Promise<void> {
      await deliveries.deleteMany({ tenant_id: tenantId })
    },
  }
}

export type WebhookDeliveryRepository = ReturnType<typeof createWebhookDeliveryRepository>
