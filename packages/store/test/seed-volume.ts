import { pendingRecord } from '@rv/core'
import type { CheckRecord } from '@rv/schemas'
import type { Db, Document } from 'mongodb'
import { stageSlots } from '../src/check-repository'
import { hourBucket, hourMs, minuteBucket } from '../src/store-queries'

export interface VolumeOptions {
  /** Finished checks to store (each with its completion, four stage slots and replay keys). */
  checks: number
  /** The clock of the seeded data: checks spread over the 24 hours before it. */
  now: Date
  tenants?: number
  /** Existing tenants to own the checks instead of `tenants` generated ones (then none is created). */
  tenantIds?: string[]
  /** Seeds checks `from`..`checks - 1` only, and nothing else: to grow an earlier seed. */
  from?: number
  /** Checks in flight besides (default 30: a rate of 30 checks/s at a second each). */
  inFlight?: number
  /** Checks per batch (each batch is one insertMany per collection). */
  batch?: number
  /** Batches in flight at once. */
  concurrency?: number
  /** Checks as stored before `created_hour` existed (the backfill's input: scripts/bench/backfill.ts). */
  withoutCreatedHour?: boolean
  /** Called after each batch of checks with how many are stored. */
  progress?: (stored: number) => void
}

export const seedTenant = (i: number) => `ten_seed${i}`
export const seedCheckId = (i: number) => `chk_seed${String(i).padStart(8, '0')}`

/**
 * Stores `checks` finished checks as the pipeline leaves them, with bulk inserts straight into the
 * collections (the repositories' shapes), plus a few in flight (pending, processing, unpublished), so
 * that every hot-path query has data to answer from and the planner sees a realistic mix. Ids, clocks
 * and keys are derived from the index: the same call seeds the same data.
 */
export async function seedVolume(db: Db, options: VolumeOptions): Promise<void> {
  const tenants = options.tenants ?? 10
  const batch = options.batch ?? 1000
  const now = options.now.getTime()
  const createdAt = (i: number) =>
    // Spread over the 24 hours before `now` whatever the count, so a seed can grow.
    new Date(now - hourMs * 24 + ((i * 7919) % 86_400) * 1000)

  const docsFor = (i: number) => {
    const id = seedCheckId(i)
    const tenantId = options.tenantIds?.[i % options.tenantIds.length] ?? seedTenant(i % tenants)
    const created = createdAt(i)
    const record: CheckRecord = {
      ...pendingRecord({
        checkId: id,
        tenantId,
        createdAt: created.toISOString(),
        orderRef: `order-${i}`,
        profile: { name: 'default', version: 1 },
        mode: 'pdf',
      }),
      status: 'done',
      recommendation: 'accept',
    }
    const submission = {
      check_id: id,
      tenant_id: tenantId,
      created_at: created.toISOString(),
      file: {
        key: `receipts/${tenantId}/${i.toString(16).padStart(64, '0')}`,
        sha256: i.toString(16).padStart(64, '0'),
      },
      expectation: { amount: { value: '1500.00', currency: 'RUB' } },
      profile: { name: 'default', version: 1 },
      mode: 'pdf',
    }
    const updated = new Date(created.getTime() + 1500)
    return {
      check: {
        _id: id,
        tenant_id: tenantId,
        status: 'done',
        created_at: created,
        ...(options.withoutCreatedHour ? {} : { created_hour: hourBucket(created) }),
        updated_at: updated,
        record,
        submission,
        published: true,
        completed_published: true,
      },
      completion: { _id: id, tenant_id: tenantId, status: 'done', record, at: updated },
      stages: stageSlots.map((slot) => ({
        _id: `${id}:${slot}`,
        check_id: id,
        slot,
        value: { check_id: id, tenant_id: tenantId, [slot]: { ok: true } },
        // The extraction result carries the submission (check.extracted.v1), and so does its slot.
        ...(slot === 'extraction' ? { submission } : {}),
      })),
      replayCheck: {
        _id: `${tenantId}:${id}`,
        tenant_id: tenantId,
        check_id: id,
        keys: { file_sha256: submission.file.sha256 },
        created_at: created.toISOString(),
      },
      replayKey: {
        _id: `${tenantId}:file_sha256:${submission.file.sha256}`,
        tenant_id: tenantId,
        kind: 'file_sha256',
        digest: submission.file.sha256,
        check_id: id,
        created_at: created.toISOString(),
      },
      idempotency: {
        _id: `${tenantId}:order-${i}`,
        tenant_id: tenantId,
        key: `order-${i}`,
        fingerprint: 'f'.repeat(64),
        check_id: id,
        created_at: created,
        created_minute: minuteBucket(created),
      },
    }
  }

  const insert = (name: string, docs: Document[]) =>
    docs.length === 0 ? Promise.resolve() : db.collection(name).insertMany(docs, { ordered: false })

  const from = options.from ?? 0
  const seedBatch = async (start: number) => {
    const rows = Array.from({ length: Math.min(batch, options.checks - start) }, (_, k) => docsFor(start + k))
    await Promise.all([
      insert(
        'checks',
        rows.map((r) => r.check),
      ),
      insert(
        'check_completions',
        rows.map((r) => r.completion),
      ),
      insert(
        'check_stages',
        rows.flatMap((r) => r.stages),
      ),
      insert(
        'replay_checks',
        rows.map((r) => r.replayCheck),
      ),
      insert(
        'replay_keys',
        rows.map((r) => r.replayKey),
      ),
      insert(
        'idempotency',
        rows.map((r) => r.idempotency),
      ),
    ])
  }
  // A few batches in flight: the server's inserts overlap with the client's encoding.
  const starts: number[] = []
  for (let start = from; start < options.checks; start += batch) starts.push(start)
  let done = 0
  await Promise.all(
    Array.from({ length: options.concurrency ?? 3 }, async () => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
        await seedBatch(start)
        done += Math.min(batch, options.checks - start)
        options.progress?.(from + done)
      }
    }),
  )
  if (from > 0) return

  // In flight: a few pending, processing or waiting for their outbox. Their number is the traffic rate
  // times the pipeline's latency, not a share of what is stored: the sweeper reads all of them.
  const inFlight = options.inFlight ?? 30
  const flying = Array.from({ length: inFlight }, (_, k) => {
    const { completed_published: _flag, ...seeded } = docsFor(options.checks + k).check
    seeded._id = `chk_flight${k}`
    // In the minutes before `now`: past a sweeper's republish delay.
    const check = {
      ...seeded,
      created_at: new Date(now - (k + 1) * 60_000),
      updated_at: new Date(now - k * 60_000),
    }
    // pending before its publish; processing; done before its completion was published
    if (k % 3 === 0) return { ...check, status: 'pending', published: false }
    if (k % 3 === 1) return { ...check, status: 'processing' }
    return { ...check, completed_published: false }
  })
  await insert('checks', flying)
  // Markers of retired idempotency records, spread like the records.
  const markers = Array.from({ length: Math.ceil(options.checks / 10) }, (_, k) => {
    const at = createdAt(k * 10)
    return { _id: `${seedTenant(k % tenants)}:gone-${k}:chk_gone${k}`, at, hour: hourBucket(at) }
  })
  for (let start = 0; start < markers.length; start += batch)
    await insert('idempotency_retirements', markers.slice(start, start + batch))
  // Kafka deliveries: those in flight, and the few left behind by processes that died between handling a
  // message and forgetting it (one in ten checks here, far more than a deployment leaves).
  const deliveries = Array.from({ length: Math.ceil(options.checks / 10) }, (_, k) => ({
    _id: `g/t/${k % 3}/${seedCheckId(k * 10)}`,
    count: 1 + (k % 2),
    first_at: createdAt(k * 10),
    expires_at: new Date(createdAt(k * 10).getTime() + 24 * hourMs),
    expires_hour: hourBucket(new Date(createdAt(k * 10).getTime() + 24 * hourMs)),
  }))
  for (let start = 0; start < deliveries.length; start += batch)
    await insert('deliveries', deliveries.slice(start, start + batch))
  // Rate windows: the minutes of the last hour from three gateway replicas, and stale ones of dead replicas.
  const rateWindows = Array.from({ length: Math.ceil(options.checks / 10) }, (_, k) => {
    const window = 1000 - (k % 60) - Math.floor(k / tenants)
    const tenantWindow = `${seedTenant(k % tenants)}:${window}`
    const expiresAt = new Date(options.now.getTime() - (k % 48) * hourMs)
    return {
      _id: `${tenantWindow}:w${k % 3}`,
      tenant_window: tenantWindow,
      window: String(window),
      writer: `w${k % 3}`,
      count: k,
      expires_at: expiresAt,
      expires_hour: hourBucket(expiresAt),
    }
  })
  for (let start = 0; start < rateWindows.length; start += batch)
    await insert('rate_windows', rateWindows.slice(start, start + batch))
  if (options.tenantIds) return
  await insert(
    'retention_cursors',
    ['deliveries', 'rate_windows'].map((c) => ({
      _id: `expiry:${c}`,
      hour: hourBucket(options.now),
      at: options.now,
    })),
  )
  // Tenants, one API key each and two versions of their own default profile.
  const at = options.now
  for (let start = 0; start < tenants; start += batch) {
    const ids = Array.from({ length: Math.min(batch, tenants - start) }, (_, k) => seedTenant(start + k))
    await Promise.all([
      insert(
        'tenants',
        ids.map((id) => ({ _id: id, name: `seed ${id}`, created_at: at })),
      ),
      insert(
        'check_tombstones',
        ids.map((id) => ({ _id: `chk_gone_${id}`, tenant_id: id, reason: 'erasure', deleted_at: at })),
      ),
      insert(
        'retention_cursors',
        ids.map((id) => ({ _id: id, hour: hourBucket(new Date(at.getTime() - 90 * 24 * hourMs)), at })),
      ),
      // Old-shape checks have no backfill marker: their tenants are still to do.
      options.withoutCreatedHour
        ? Promise.resolve()
        : insert(
            'migrations',
            ids.map((id) => ({ _id: `checks.created_hour:${id}`, at })),
          ),
      insert(
        'api_keys',
        ids.map((id) => ({
          _id: `rvk_seed_${id}`,
          tenant_id: id,
          hash: 'h'.repeat(64),
          created_at: at,
          revoked_at: null,
        })),
      ),
      insert(
        'profiles',
        ids.flatMap((id) =>
          [1, 2].map((version) => ({
            _id: `${id}:default:${version}`,
            tenant_key: id,
            name: 'default',
            version,
            profile: { name: 'default', version, tenant_id: id },
            created_at: at,
          })),
        ),
      ),
    ])
  }
}

/** Refreshes the server's statistics of every collection (`collStats`: FerretDB runs ANALYZE on it). */
export async function refreshStatistics(db: Db): Promise<void> {
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
    await db.command({ collStats: name })
}
