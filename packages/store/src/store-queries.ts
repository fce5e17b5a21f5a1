import type { CheckStatus } from '@rv/schemas'
import type {
  Collection,
  Document,
  Filter,
  FindCursor,
  FindOptions,
  IndexSpecification,
  Sort,
  WithId,
} from 'mongodb'

/**
 * Every query the store makes, with the index that answers it: the repositories build their filters here,
 * and `hotPathQueries` lists them for the plan test (test/query-plans.int.test.ts), which fails when one of
 * them would scan. Docs: docs/store.md.
 *
 * Shapes are kept to what FerretDB v1 on PostgreSQL pushes down to SQL: top-level equality (`{f: v}` or
 * `{f: {$eq: v}}`) on strings, booleans, numbers and dates. `$in`, `$or`, `$lt`/`$gt`, `$exists`, `$nin` and
 * sorts are evaluated by FerretDB over the rows the equalities selected, so every query has an equality
 * that is selective on its own (an `_id`, a check id, an outbox flag that is false only while in flight,
 * an hour bucket); ranges and sorts only narrow what that equality found.
 */
export interface StoreQuery {
  collection: string
  filter: Document
  sort?: Sort
  limit?: number
  /** The index that answers it (`_id` is the primary key every collection has). */
  index: IndexSpecification
}

const byId = (collection: string, _id: string): StoreQuery => ({
  collection,
  filter: { _id },
  index: { _id: 1 },
})

/** An hour bucket (`2026-03-11T07`): range queries become equality on a bucket FerretDB pushes down. */
export const hourBucket = (at: Date): string => at.toISOString().slice(0, 13)
export const hourMs = 60 * 60 * 1000
/** A minute bucket (`2026-03-11T07:12`): small enough that reading a whole one is cheap at any rate. */
export const minuteBucket = (at: Date): string => at.toISOString().slice(0, 16)
export const minuteMs = 60 * 1000

export const storeIndexes = {
  checks: [
    { published: 1, created_at: 1 },
    { status: 1, created_at: 1 },
    { completed_published: 1, updated_at: 1 },
    // Retention and erasure: a tenant's checks of one creation hour (docs/data-retention.md).
    { tenant_id: 1, created_hour: 1 },
  ],
  check_stages: [{ check_id: 1 }],
  idempotency: [{ created_minute: 1 }],
  idempotency_retirements: [{ hour: 1 }],
  profiles: [{ tenant_key: 1, name: 1, version: -1 }],
  tenants: [{ name: 1 }],
  api_keys: [{ tenant_id: 1 }],
  rate_windows: [{ window: 1 }, { expires_hour: 1 }],
  deliveries: [{ expires_hour: 1 }],
  // Console sessions past their expiry (the console's purge and the retention job); the console's other
  // session indexes are in console/console-queries.ts.
  console_sessions: [{ expires_hour: 1 }],
  // Erasure of a check (its keys, by owner) and of a tenant; every other lookup is by `_id`.
  replay_keys: [{ tenant_id: 1, check_id: 1 }],
  replay_checks: [{ tenant_id: 1 }],
  // Erasure of a tenant deletes its tombstones: without this it reads every tenant's.
  check_tombstones: [{ tenant_id: 1 }],
} as const satisfies Record<string, IndexSpecification[]>

/** The gateway replicas' request counters of a tenant's window (rate-window-repository.ts). */
export const rateWindowQueries = {
  collection: 'rate_windows',
  /**
   * Every writer's count of every tenant in one window: one read per sync of a gateway replica. The window
   * is stored as a string: FerretDB v1's pushed-down equality on a number does not use the index.
   */
  byWindow: (window: number): StoreQuery => ({
    collection: 'rate_windows',
    filter: { window: String(window) },
    index: storeIndexes.rate_windows[0],
  }),
}

/**
 * Documents that expire (expiring-documents.ts): the hour bucket of their `expires_at`, deleted by the
 * retention job once wholly past. An equality, since FerretDB v1 pushes no range down and has no TTL index;
 * on MongoDB a TTL index on `expires_at` (`ttlIndexes`) deletes them too.
 */
export const expiringCollections = ['deliveries', 'rate_windows', 'console_sessions'] as const
export type ExpiringCollection = (typeof expiringCollections)[number]

export const ttlIndexes: Record<ExpiringCollection, IndexSpecification> = {
  deliveries: { expires_at: 1 },
  rate_windows: { expires_at: 1 },
  console_sessions: { expires_at: 1 },
}

export const expiryQueries = {
  expiredIn: (collection: ExpiringCollection, hour: string): StoreQuery => ({
    collection,
    filter: { expires_hour: hour },
    index: storeIndexes[collection].find((i) => 'expires_hour' in i) ?? { expires_hour: 1 },
  }),
  /**
   * The expiry sweeper's cursor of one collection (the last hour bucket deleted), beside the tenants'
   * retention cursors: a collection of its own would hold two rows, which PostgreSQL scans.
   */
  cursorById: (collection: ExpiringCollection) => byId('retention_cursors', `expiry:${collection}`),
}

/** Kafka delivery ledger (delivery-ledger.ts): a message's count or a partition's reservation, only by id. */
export const deliveryQueries = {
  collection: 'deliveries',
  byMessage: (id: string): StoreQuery => byId('deliveries', id),
  byPartition: (id: string): StoreQuery => byId('deliveries', id),
}

export const checkQueries = {
  byId: (id: string) => byId('checks', id),
  /** GET: another tenant's id looks exactly like a missing one. */
  byIdForTenant: (id: string, tenantId: string): StoreQuery => ({
    collection: 'checks',
    filter: { _id: id, tenant_id: tenantId },
    index: { _id: 1 },
  }),
  /** Sweeper: the outbox of check.submitted.v1 (false only until Kafka acknowledged it). */
  unpublished: (olderThan: Date, limit: number): StoreQuery => ({
    collection: 'checks',
    filter: { published: false, created_at: { $lt: olderThan } },
    sort: { created_at: 1 },
    limit,
    index: storeIndexes.checks[0],
  }),
  /** Sweeper: checks still running past the deadline, one query per running status (`$in` would scan). */
  running: (status: Extract<CheckStatus, 'pending' | 'processing'>, olderThan: Date, limit: number) =>
    ({
      collection: 'checks',
      filter: { status, created_at: { $lt: olderThan } },
      sort: { created_at: 1 },
      limit,
      index: storeIndexes.checks[1],
    }) satisfies StoreQuery,
  /**
   * Retention sweeper: a tenant's checks created in one hour bucket, both equalities pushed down, so one
   * call reads that hour's checks of that tenant whatever else is stored.
   */
  createdInHour: (tenantId: string, hour: string, limit: number): StoreQuery => ({
    collection: 'checks',
    filter: { tenant_id: tenantId, created_hour: hour },
    limit,
    index: storeIndexes.checks[3],
  }),
  /**
   * Backfill of `created_hour` (created-hour-backfill.ts): a tenant's checks stored before the field. On
   * MongoDB a range of the `{tenant_id, created_hour}` index (a missing field is null); FerretDB pushes the
   * tenant down and drops the rows that have the field itself, so it is run once per tenant and read as one
   * cursor (a query per page would re-read the tenant's rows each time).
   */
  withoutCreatedHour: (tenantId: string): StoreQuery => ({
    collection: 'checks',
    filter: { tenant_id: tenantId, created_hour: null },
    index: storeIndexes.checks[3],
  }),
  /** Erasure of a tenant (admin only): its checks, a batch at a time (each batch is deleted before the next). */
  byTenant: (tenantId: string, limit: number): StoreQuery => ({
    collection: 'checks',
    filter: { tenant_id: tenantId },
    limit,
    index: storeIndexes.checks[3],
  }),
  /** Sweeper: the outbox of check.completed.v1. */
  completedUnpublished: (olderThan: Date, limit: number): StoreQuery => ({
    collection: 'checks',
    filter: { completed_published: false, updated_at: { $lt: olderThan } },
    sort: { updated_at: 1 },
    limit,
    index: storeIndexes.checks[2],
  }),
}

export const stageQueries = {
  byId: (id: string) => byId('check_stages', id),
  /** The (at most four) slot documents of one check, in one round trip. */
  byCheck: (checkId: string): StoreQuery => ({
    collection: 'check_stages',
    filter: { check_id: checkId },
    index: storeIndexes.check_stages[0],
  }),
}

export const completionQueries = {
  byId: (id: string) => byId('check_completions', id),
  byIdForTenant: (id: string, tenantId: string): StoreQuery => ({
    collection: 'check_completions',
    filter: { _id: id, tenant_id: tenantId },
    index: { _id: 1 },
  }),
}

export const idempotencyQueries = {
  byId: (id: string) => byId('idempotency', id),
  /**
   * Sweeper: the records of one minute bucket, only ever asked for a bucket wholly past retention (so every
   * record it returns is to be purged). FerretDB reads the whole bucket whatever the limit (it pushes a limit
   * down only without a filter): a minute of keys.
   */
  createdIn: (minute: string, limit: number): StoreQuery => ({
    collection: 'idempotency',
    filter: { created_minute: minute },
    limit,
    index: storeIndexes.idempotency[0],
  }),
  retirementById: (id: string) => byId('idempotency_retirements', id),
  /** Sweeper: the retirement markers of one hour bucket. */
  retirementsIn: (hour: string): StoreQuery => ({
    collection: 'idempotency_retirements',
    filter: { hour },
    index: storeIndexes.idempotency_retirements[0],
  }),
}

export const replayQueries = {
  keyById: (id: string) => byId('replay_keys', id),
  /** A holder's registration, stored before 29 Nov 2026 (later key documents carry the keys). */
  checkById: (id: string) => byId('replay_checks', id),
  /** Erasure of a check: the keys it owns, in its tenant's space and the global one. */
  keysOfCheck: (tenantId: string, checkId: string): StoreQuery => ({
    collection: 'replay_keys',
    filter: { tenant_id: tenantId, check_id: checkId },
    index: storeIndexes.replay_keys[0],
  }),
  /** Erasure of a tenant (admin only): its keys, a batch at a time. */
  keysOfTenant: (tenantId: string, limit: number): StoreQuery => ({
    collection: 'replay_keys',
    filter: { tenant_id: tenantId },
    limit,
    index: storeIndexes.replay_keys[0],
  }),
  /** Erasure of a tenant (admin only): its registrations stored before 29 Nov 2026, a batch at a time. */
  checksOfTenant: (tenantId: string, limit: number): StoreQuery => ({
    collection: 'replay_checks',
    filter: { tenant_id: tenantId },
    limit,
    index: storeIndexes.replay_checks[0],
  }),
}

export const tombstoneQueries = {
  /** GET of a check not found: was it erased (410) or never there (404)? */
  byIdForTenant: (id: string, tenantId: string): StoreQuery => ({
    collection: 'check_tombstones',
    filter: { _id: id, tenant_id: tenantId },
    index: { _id: 1 },
  }),
  /** Erasure of a tenant (admin only): its tombstones go with it. */
  ofTenant: (tenantId: string): StoreQuery => ({
    collection: 'check_tombstones',
    filter: { tenant_id: tenantId },
    index: storeIndexes.check_tombstones[0],
  }),
  /**
   * The console's pass over erased checks (admin, retention job): the tenant's next tombstones by `_id`
   * after the last one read. FerretDB pushes the tenant down and evaluates the range and sort over that
   * tenant's tombstones (each page reads them: pages are large and bounded per run).
   */
  ofTenantAfter: (tenantId: string, after: string | null, limit: number): StoreQuery => ({
    collection: 'check_tombstones',
    filter: after === null ? { tenant_id: tenantId } : { tenant_id: tenantId, _id: { $gt: after } },
    sort: { _id: 1 },
    limit,
    index: storeIndexes.check_tombstones[0],
  }),
}

export const retentionQueries = {
  /** The sweeper's cursor of one tenant: the last hour bucket wholly erased. */
  cursorById: (tenantId: string) => byId('retention_cursors', tenantId),
  /** A data migration finished for one tenant (`<migration>:<tenant>`): the job does not look again. */
  migrationById: (id: string) => byId('migrations', id),
}

export const tenantQueries = {
  byId: (id: string) => byId('tenants', id),
  /** Admin only. */
  byName: (name: string): StoreQuery => ({
    collection: 'tenants',
    filter: { name },
    index: storeIndexes.tenants[0],
  }),
  keyById: (prefix: string) => byId('api_keys', prefix),
}

export const profileQueries = {
  byId: (id: string) => byId('profiles', id),
  /** Every version of one name of one owner (few); `latest` takes the first of the descending sort. */
  versions: (tenantKey: string, name: string, order: 1 | -1, limit?: number): StoreQuery => ({
    collection: 'profiles',
    filter: { tenant_key: tenantKey, name },
    sort: { version: order },
    ...(limit === undefined ? {} : { limit }),
    index: storeIndexes.profiles[0],
  }),
  /** Admin only: one owner's profiles (one query per owner: `$in` would scan). */
  byOwner: (tenantKey: string): StoreQuery => ({
    collection: 'profiles',
    filter: { tenant_key: tenantKey },
    index: storeIndexes.profiles[0],
  }),
}

/**
 * The queries live traffic and the sweeper make, with sample values: for each, a name and the query. Every
 * check runs the `_id` ones several times; the sweeper runs its own every few seconds whatever the volume.
 */
export function hotPathQueries(sample: {
  checkId: string
  tenantId: string
  now: Date
}): Record<string, StoreQuery> {
  const { checkId, tenantId, now } = sample
  return {
    'checks by id (stage writes, aggregator reads)': checkQueries.byId(checkId),
    'checks by id and tenant (GET /v1/checks/{id})': checkQueries.byIdForTenant(checkId, tenantId),
    'completions by id (terminal write)': completionQueries.byId(checkId),
    'completions by id and tenant (GET)': completionQueries.byIdForTenant(checkId, tenantId),
    'stage slots by id (slot upsert)': stageQueries.byId(`${checkId}:extraction`),
    'stage slots by check (aggregator reads)': stageQueries.byCheck(checkId),
    'unpublished submissions (sweeper)': checkQueries.unpublished(now, 100),
    'pending checks past deadline (sweeper)': checkQueries.running('pending', now, 100),
    'processing checks past deadline (sweeper)': checkQueries.running('processing', now, 100),
    'unpublished completions (sweeper)': checkQueries.completedUnpublished(now, 100),
    "a tenant's checks of an hour (retention sweeper)": checkQueries.createdInHour(
      tenantId,
      hourBucket(now),
      100,
    ),
    'retention cursor (retention sweeper)': retentionQueries.cursorById(tenantId),
    "a tenant's checks without created_hour (backfill)": checkQueries.withoutCreatedHour(tenantId),
    'migration marker (backfill)': retentionQueries.migrationById(`checks.created_hour:${tenantId}`),
    'tombstone (GET of a check not found)': tombstoneQueries.byIdForTenant(checkId, tenantId),
    "a tenant's tombstones (tenant erasure)": tombstoneQueries.ofTenant(tenantId),
    "a tenant's tombstones after an id (console tombstone pass)": tombstoneQueries.ofTenantAfter(
      tenantId,
      checkId,
      500,
    ),
    'idempotency key (POST with Idempotency-Key)': idempotencyQueries.byId(`${tenantId}:k`),
    'idempotency keys of an expired minute (sweeper)': idempotencyQueries.createdIn(minuteBucket(now), 500),
    'retirement marker (sweeper)': idempotencyQueries.retirementById(`${tenantId}:k:${checkId}`),
    'delivery of a message (extraction, authenticity)': deliveryQueries.byMessage(`g/t/0/${checkId}`),
    "a window's counts (gateway replicas' sync)": rateWindowQueries.byWindow(1000),
    'retirement markers of an hour (sweeper)': idempotencyQueries.retirementsIn(hourBucket(now)),
    'expired deliveries of an hour (retention job)': expiryQueries.expiredIn('deliveries', hourBucket(now)),
    'expired rate windows of an hour (retention job)': expiryQueries.expiredIn(
      'rate_windows',
      hourBucket(now),
    ),
    'expiry cursor (retention job)': expiryQueries.cursorById('deliveries'),
    'replay key (replay stage)': replayQueries.keyById(`${tenantId}:file_sha256:${'0'.repeat(64)}`),
    'replay check stored before 29 Nov 2026 (replay stage, on a collision)': replayQueries.checkById(
      `${tenantId}:${checkId}`,
    ),
    "a check's replay keys (erasure)": replayQueries.keysOfCheck(tenantId, checkId),
    'API key (every request)': tenantQueries.keyById('rvk_live_abcdefgh'),
    'tenant (every request)': tenantQueries.byId(tenantId),
    'pinned profile (matching, replay, aggregator)': profileQueries.byId(`${tenantId}:default:1`),
    'latest profile (admin, profile saves)': profileQueries.versions(tenantId, 'default', -1, 1),
  }
}

/** The cursor of `query` on `collection` (which must be the query's). */
export function findWith<T extends Document>(
  collection: Collection<T>,
  query: StoreQuery,
): FindCursor<WithId<T>> {
  if (collection.collectionName !== query.collection)
    throw new Error(`query on ${query.collection} run on ${collection.collectionName}`)
  let cursor = collection.find(query.filter as Filter<T>)
  if (query.sort) cursor = cursor.sort(query.sort)
  if (query.limit !== undefined) cursor = cursor.limit(query.limit)
  return cursor
}

/** The first document `query` finds on `collection`, or null. */
export function findOneWith<T extends Document>(
  collection: Collection<T>,
  query: StoreQuery,
  options?: FindOptions,
): Promise<WithId<T> | null> {
  return findWith(collection, { ...query, limit: 1 })
    .project<WithId<T>>(options?.projection ?? {})
    .next()
}
