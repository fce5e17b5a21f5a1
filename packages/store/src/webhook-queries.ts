import type { IndexSpecification } from 'mongodb'
import type { StoreQuery } from './store-queries'

/**
 * The webhooks' queries and their indexes (docs/webhooks.md, docs/store.md). The sweeper reads the pending
 * deliveries due — an equality on a state that is `pending` only while a delivery is in flight, narrowed
 * by the due time, as the checks sweeper reads running checks. A delivery waits for the earlier events of
 * its check on the same endpoint: its lane (`<endpoint>:<check>`) holds a few documents.
 */
export const webhookIndexes = {
  webhook_endpoints: [{ tenant_id: 1, created_at: 1 }],
  webhook_deliveries: [
    { state: 1, due_at: 1 },
    { lane: 1, state: 1, seq: 1 },
    { endpoint_id: 1, seq: -1 },
    { endpoint_id: 1, state: 1 },
    { check_id: 1 },
    { tenant_id: 1 },
  ],
} as const satisfies Record<string, IndexSpecification[]>

const deliveries = 'webhook_deliveries'
const endpoints = 'webhook_endpoints'

export const webhookQueries = {
  endpointById: (_id: string): StoreQuery => ({ collection: endpoints, filter: { _id }, index: { _id: 1 } }),
  endpointsOfTenant: (tenantId: string): StoreQuery => ({
    collection: endpoints,
    filter: { tenant_id: tenantId },
    sort: { created_at: 1 },
    index: webhookIndexes.webhook_endpoints[0],
  }),
  deliveryById: (_id: string): StoreQuery => ({ collection: deliveries, filter: { _id }, index: { _id: 1 } }),
  /** Sweeper: pending deliveries whose time has come (a lease expired counts: its due time passed). */
  due: (now: Date, limit: number): StoreQuery => ({
    collection: deliveries,
    filter: { state: 'pending', due_at: { $lte: now } },
    sort: { due_at: 1 },
    limit,
    index: webhookIndexes.webhook_deliveries[0],
  }),
  /** The earliest pending delivery of a lane: the only one of its lane that may be attempted. */
  headOfLane: (lane: string): StoreQuery => ({
    collection: deliveries,
    filter: { lane, state: 'pending' },
    sort: { seq: 1, _id: 1 },
    limit: 1,
    index: webhookIndexes.webhook_deliveries[1],
  }),
  /** The delivery log of an endpoint, newest first; `beforeSeq` pages back. */
  ofEndpoint: (endpointId: string, limit: number, beforeSeq?: number): StoreQuery => ({
    collection: deliveries,
    filter: {
      endpoint_id: endpointId,
      ...(beforeSeq === undefined ? {} : { seq: { $lt: beforeSeq } }),
    },
    sort: { seq: -1, _id: -1 },
    limit,
    index: webhookIndexes.webhook_deliveries[2],
  }),
}

/** The webhook queries with sample values, for the plan test. */
export function webhookHotPathQueries(now: Date): Record<string, StoreQuery> {
  return {
    'due webhook deliveries (sweeper)': webhookQueries.due(now, 100),
    'head of a lane (sweeper, order per check)': webhookQueries.headOfLane('we_X:chk_Y'),
    'delivery by id (attempt, redeliver)': webhookQueries.deliveryById('whd_X'),
    'endpoints of a tenant (every event)': webhookQueries.endpointsOfTenant('ten_a'),
  }
}
