import type { IndexSpecification } from 'mongodb'
import type { StoreQuery } from '../store-queries'

/**
 * The review console's queries and their indexes (the same rule as store-queries.ts: each has an equality
 * FerretDB pushes down and that is selective on its own). The queue is read by its **lane**
 * (`<tenant>:<queue>`), which holds only undecided checks: a decided check leaves its lane, so reading a
 * queue costs what is waiting in it, never what is stored. Docs: docs/console.md, docs/store.md.
 */
export const consoleIndexes = {
  review_queue: [
    { lane: 1, completed_at: 1 },
    { waiting_in: 1, completed_at: 1 },
  ],
  check_decisions: [{ check_id: 1 }, { tenant_day: 1 }, { published: 1, decided_at: 1 }, { tenant_id: 1 }],
  // `key`: a keyed entry (a decision's) recorded once; `tenant_id`: the chain's verification and erasure.
  console_audit: [{ check_id: 1 }, { tenant_day: 1 }, { tenant_id: 1 }, { key: 1 }],
  forgery_set: [{ tenant_id: 1 }],
  // Erasure only (docs/data-retention.md): a check's claims, a tenant's users, sessions and approvals.
  review_claims: [{ check_id: 1 }],
  console_users: [{ tenant_id: 1 }],
  // A user's sessions (revoked on disable, role or password change); a tenant's (erasure).
  console_sessions: [{ tenant_id: 1 }, { email: 1 }],
  fingerprint_approvals: [{ tenant_id: 1 }],
} as const satisfies Record<string, IndexSpecification[]>

/** The queues a check can wait in: `review` by default, `reject` and `failed` as filters, `escalated` for leads. */
export const reviewQueues = ['review', 'reject', 'failed', 'escalated'] as const
export type ReviewQueue = (typeof reviewQueues)[number]

export const queueLane = (tenantId: string, queue: ReviewQueue): string => `${tenantId}:${queue}`
/** A day of one tenant (`ten_x:2026-03-11`): the lead's view reads decisions and actions one day at a time. */
export const tenantDay = (tenantId: string, at: Date): string =>
  `${tenantId}:${at.toISOString().slice(0, 10)}`

const byId = (collection: string, _id: string): StoreQuery => ({
  collection,
  filter: { _id },
  index: { _id: 1 },
})

export const consoleQueries = {
  userById: (email: string) => byId('console_users', email),
  sessionById: (digest: string) => byId('console_sessions', digest),
  /** Every session of one user: revoked at once when the user is disabled, removed or changed. */
  sessionsOfUser: (email: string): StoreQuery => ({
    collection: 'console_sessions',
    filter: { email },
    index: consoleIndexes.console_sessions[1],
  }),
  queueEntry: (checkId: string) => byId('review_queue', checkId),
  /** Every undecided check of one queue of one tenant, oldest first. */
  lane: (tenantId: string, queue: ReviewQueue): StoreQuery => ({
    collection: 'review_queue',
    filter: { lane: queueLane(tenantId, queue) },
    sort: { completed_at: 1 },
    index: consoleIndexes.review_queue[0],
  }),
  /**
   * Every undecided check of one queue across tenants, oldest first (the queue gauges at scrape: a count and
   * the first; `waiting_in` is the queue while undecided, `decided` after, so this costs what waits).
   */
  waiting: (queue: ReviewQueue, limit?: number): StoreQuery => ({
    collection: 'review_queue',
    filter: { waiting_in: queue },
    sort: { completed_at: 1 },
    ...(limit === undefined ? {} : { limit }),
    index: consoleIndexes.review_queue[1],
  }),
  /**
   * The backfill of `waiting_in` (entries queued before it existed): the lane's equality is pushed down, the
   * missing field only narrows what waits in that lane.
   */
  laneWithoutWaitingIn: (tenantId: string, queue: ReviewQueue, limit: number): StoreQuery => ({
    collection: 'review_queue',
    filter: { lane: queueLane(tenantId, queue), waiting_in: { $exists: false } },
    limit,
    index: consoleIndexes.review_queue[0],
  }),
  claim: (checkId: string, n: number) => byId('review_claims', `${checkId}:${n}`),
  decisionsOfCheck: (checkId: string): StoreQuery => ({
    collection: 'check_decisions',
    filter: { check_id: checkId },
    sort: { seq: 1 },
    index: consoleIndexes.check_decisions[0],
  }),
  /**
   * The outbox of check.reviewed.v1 (the sweeper): decisions stored but not yet acknowledged by Kafka —
   * `published: false` only until then, so this reads what is in flight, never every decision.
   */
  unpublishedDecisions: (olderThan: Date, limit: number): StoreQuery => ({
    collection: 'check_decisions',
    filter: { published: false, decided_at: { $lt: olderThan } },
    sort: { decided_at: 1 },
    limit,
    index: consoleIndexes.check_decisions[2],
  }),
  decisionsOfDay: (tenantId: string, day: Date): StoreQuery => ({
    collection: 'check_decisions',
    filter: { tenant_day: tenantDay(tenantId, day) },
    index: consoleIndexes.check_decisions[1],
  }),
  /** A tenant's confirmed forgeries (regression runs, not a request path: it grows with them). */
  forgerySet: (tenantId: string): StoreQuery => ({
    collection: 'forgery_set',
    filter: { tenant_id: tenantId },
    index: consoleIndexes.forgery_set[0],
  }),
  auditOfCheck: (checkId: string): StoreQuery => ({
    collection: 'console_audit',
    filter: { check_id: checkId },
    sort: { at: 1 },
    index: consoleIndexes.console_audit[0],
  }),
  /** A chained entry by its place (`<tenant>:<seq>`): appending probes the next free place. */
  auditEntry: (id: string) => byId('console_audit', id),
  /** A keyed entry (a decision's), recorded once. */
  auditByKey: (key: string): StoreQuery => ({
    collection: 'console_audit',
    filter: { key },
    index: consoleIndexes.console_audit[3],
  }),
  /** A chain's head (`_id` the tenant): the last place written, and its hash. */
  auditHead: (tenantId: string) => byId('console_audit_heads', tenantId),
  /** A tenant's whole audit (`console audit verify`: an operator's command, not a request path). */
  auditOfTenant: (tenantId: string): StoreQuery => ({
    collection: 'console_audit',
    filter: { tenant_id: tenantId },
    index: consoleIndexes.console_audit[2],
  }),
}

/** The lanes a tenant's queue entries can be in: its queues and `decided` (erasure of a tenant reads them). */
export const tenantLanes = (tenantId: string): string[] =>
  [...reviewQueues, 'decided'].map((q) => `${tenantId}:${q}`)

const ofTenant = (collection: keyof typeof consoleIndexes, tenantId: string): StoreQuery => ({
  collection,
  filter: { tenant_id: tenantId },
  index: { tenant_id: 1 },
})

/**
 * What erasure deletes (docs/data-retention.md): each filter is a `deleteMany`'s, explained as a find by the
 * plan test. A check's console data by its check id; a tenant's by `tenant_id`, or by its lanes for the queue.
 */
export const consoleErasureQueries = {
  decisionsOfCheck: (checkId: string): StoreQuery => ({
    collection: 'check_decisions',
    filter: { check_id: checkId },
    index: consoleIndexes.check_decisions[0],
  }),
  decisionsOfTenant: (tenantId: string) => ofTenant('check_decisions', tenantId),
  auditOfCheck: (checkId: string): StoreQuery => ({
    collection: 'console_audit',
    filter: { check_id: checkId },
    index: consoleIndexes.console_audit[0],
  }),
  auditOfTenant: (tenantId: string) => ofTenant('console_audit', tenantId),
  claimsOfCheck: (checkId: string): StoreQuery => ({
    collection: 'review_claims',
    filter: { check_id: checkId },
    index: consoleIndexes.review_claims[0],
  }),
  /** One lane of a tenant (all of them: `tenantLanes`); an entry is always in exactly one. */
  queueLane: (lane: string): StoreQuery => ({
    collection: 'review_queue',
    filter: { lane },
    index: consoleIndexes.review_queue[0],
  }),
  forgerySetOfTenant: (tenantId: string) => ofTenant('forgery_set', tenantId),
  usersOfTenant: (tenantId: string) => ofTenant('console_users', tenantId),
  sessionsOfTenant: (tenantId: string) => ofTenant('console_sessions', tenantId),
  approvalsOfTenant: (tenantId: string) => ofTenant('fingerprint_approvals', tenantId),
}

/** The console's queries with sample values, for the plan test. */
export function consoleHotPathQueries(sample: { checkId: string; tenantId: string; now: Date }) {
  const { checkId, tenantId, now } = sample
  return {
    'console user (sign-in)': consoleQueries.userById('analyst@example.test'),
    'console session (every console request)': consoleQueries.sessionById('0'.repeat(64)),
    'sessions of a user (revocation)': consoleQueries.sessionsOfUser('analyst@example.test'),
    'review queue lane (queue, next)': consoleQueries.lane(tenantId, 'review'),
    'review queue entry (claim, decision)': consoleQueries.queueEntry(checkId),
    'checks waiting in a queue, all tenants (queue gauges at scrape)': consoleQueries.waiting('review', 1),
    'unpublished decisions (check.reviewed.v1 sweeper)': consoleQueries.unpublishedDecisions(now, 100),
    'review queue lane without waiting_in (backfill)': consoleQueries.laneWithoutWaitingIn(
      tenantId,
      'review',
      500,
    ),
    'review claim (claim)': consoleQueries.claim(checkId, 1),
    'decisions of a check (check view, GET decisions)': consoleQueries.decisionsOfCheck(checkId),
    'decisions of a day (lead view)': consoleQueries.decisionsOfDay(tenantId, now),
    'audit of a check (check view)': consoleQueries.auditOfCheck(checkId),
    'audit entry by place (audit append)': consoleQueries.auditEntry(`${tenantId}:000000000001`),
    'audit entry by key (decision audit, once)': consoleQueries.auditByKey(`decision:${checkId}:1`),
    'audit chain head (audit append)': consoleQueries.auditHead(tenantId),
    'audit of a tenant (audit verify)': consoleQueries.auditOfTenant(tenantId),
    'forgery set of a tenant (regression runs)': consoleQueries.forgerySet(tenantId),
    'erasure: decisions of a check': consoleErasureQueries.decisionsOfCheck(checkId),
    'erasure: decisions of a tenant': consoleErasureQueries.decisionsOfTenant(tenantId),
    'erasure: audit of a check': consoleErasureQueries.auditOfCheck(checkId),
    'erasure: audit of a tenant': consoleErasureQueries.auditOfTenant(tenantId),
    'erasure: claims of a check': consoleErasureQueries.claimsOfCheck(checkId),
    'erasure: a decided lane of a tenant': consoleErasureQueries.queueLane(`${tenantId}:decided`),
    'erasure: forgery set of a tenant': consoleErasureQueries.forgerySetOfTenant(tenantId),
    'erasure: console users of a tenant': consoleErasureQueries.usersOfTenant(tenantId),
    'erasure: console sessions of a tenant': consoleErasureQueries.sessionsOfTenant(tenantId),
    'erasure: version approvals of a tenant': consoleErasureQueries.approvalsOfTenant(tenantId),
  } satisfies Record<string, StoreQuery>
}
