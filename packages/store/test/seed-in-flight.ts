import { hourBucket, hourMs } from '../src/store-queries'
import { seedCheckId, seedTenant } from './seed-check-documents'
import { insertInBatches, type SeedContext } from './seed-context'

/**
 * In flight: a few pending, processing or waiting for their outbox. Their number is the traffic rate
 * times the pipeline's latency, not a share of what is stored: the sweeper reads all of them.
 */
export async function seedChecksInFlight(ctx: SeedContext): Promise<void> {
  const { now, options } = ctx
  const inFlight = options.inFlight ?? 30
  const flying = Array.from({ length: inFlight }, (_, k) => {
    const { completed_published: _flag, ...seeded } = ctx.docsFor(options.checks + k).check
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
  await ctx.insert('checks', flying)
}

/** Markers of retired idempotency records, spread like the records. */
export async function seedRetirements(ctx: SeedContext): Promise<void> {
  const markers = Array.from({ length: Math.ceil(ctx.options.checks / 10) }, (_, k) => {
    const at = ctx.createdAt(k * 10)
    return { _id: `${seedTenant(k % ctx.tenants)}:gone-${k}:chk_gone${k}`, at, hour: hourBucket(at) }
  })
  await insertInBatches(ctx, 'idempotency_retirements', markers)
}

/**
 * Kafka deliveries: those in flight, and the few left behind by processes that died between handling a
 * message and forgetting it (one in ten checks here, far more than a deployment leaves).
 */
export async function seedDeliveries(ctx: SeedContext): Promise<void> {
  const { createdAt } = ctx
  const deliveries = Array.from({ length: Math.ceil(ctx.options.checks / 10) }, (_, k) => ({
    _id: `g/t/${k % 3}/${seedCheckId(k * 10)}`,
    count: 1 + (k % 2),
    first_at: createdAt(k * 10),
    expires_at: new Date(createdAt(k * 10).getTime() + 24 * hourMs),
    expires_hour: hourBucket(new Date(createdAt(k * 10).getTime() + 24 * hourMs)),
  }))
  await insertInBatches(ctx, 'deliveries', deliveries)
}

/** Rate windows: the minutes of the last hour from three gateway replicas, and stale ones of dead replicas. */
export async function seedRateWindows(ctx: SeedContext): Promise<void> {
  const { options, tenants } = ctx
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
  await insertInBatches(ctx, 'rate_windows', rateWindows)
}
