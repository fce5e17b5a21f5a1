import type { WebhookDelivery } from '@rv/schemas'
import { isDuplicateKeyError } from '../duplicate-key'
import {
  type AttemptOutcome,
  freshSchedule,
  keptWebhookAttempts,
  type NewWebhookDelivery,
  type StoredWebhookAttempt,
  type WebhookDeliveries,
  type WebhookDeliveryDocument,
} from './webhook-delivery-documents'

/** The attempts on deliveries: enqueueing, an attempt taken by a lease and finished under it, giving up. */
export function createWebhookDeliveryAttempts(deliveries: WebhookDeliveries) {
  return {
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
    /**
     * Logs an attempt and, if the lease `token` still holds the delivery, writes its outcome; false when
     * the lease was lost (`finishLeasedAttempt`).
     */
    finishAttempt: (
      doc: WebhookDeliveryDocument,
      token: string,
      attempt: StoredWebhookAttempt,
      outcome: AttemptOutcome,
    ): Promise<boolean> => finishLeasedAttempt(deliveries, doc, token, attempt, outcome),
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
  }
}

/**
 * Logs an attempt and, if the lease `token` still holds the delivery, writes its outcome. An attempt
 * that outlived its lease (a store stalled longer than the lease) was still made: it is appended to the
 * log, but the outcome is the current holder's to write — false. Appended, never written from the
 * leased copy, so neither of two overlapping attempts overwrites the other's entry.
 */
async function finishLeasedAttempt(
  deliveries: WebhookDeliveries,
  doc: WebhookDeliveryDocument,
  token: string,
  attempt: StoredWebhookAttempt,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const done = await deliveries.updateOne(
    { _id: doc._id, lease: token },
    {
      $push: { attempts: attempt },
      $inc: { schedule_attempts: 1 },
      $set: {
        lease: null,
        state: outcome.state,
        due_at: outcome.state === 'pending' ? outcome.dueAt : null,
        failure_reason: outcome.state === 'failed' ? outcome.reason : null,
      },
    },
  )
  const held = done.matchedCount === 1
  if (!held) await deliveries.updateOne({ _id: doc._id }, { $push: { attempts: attempt } })
  // The oldest entry goes once the log is full ($push's $slice is not FerretDB v1's).
  if (doc.attempts.length >= keptWebhookAttempts)
    await deliveries.updateOne({ _id: doc._id }, { $pop: { attempts: -1 } })
  return held
}
