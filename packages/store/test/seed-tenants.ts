import { hourBucket, hourMs } from '../src/store-queries'
import { seedTenant } from './seed-check-documents'
import type { SeedContext } from './seed-context'

/** Tenants `ids`: each with a tombstone, a retention cursor, its backfill marker, one API key, two profiles. */
async function seedTenantBatch(ctx: SeedContext, ids: string[]): Promise<void> {
  const { insert } = ctx
  const at = ctx.options.now
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
    ctx.options.withoutCreatedHour
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

/** The expiry sweeper's cursors, then the generated tenants in batches. */
export async function seedTenants(ctx: SeedContext): Promise<void> {
  const { batch, options, tenants } = ctx
  await ctx.insert(
    'retention_cursors',
    ['deliveries', 'rate_windows'].map((c) => ({
      _id: `expiry:${c}`,
      hour: hourBucket(options.now),
      at: options.now,
    })),
  )
  for (let start = 0; start < tenants; start += batch) {
    const ids = Array.from({ length: Math.min(batch, tenants - start) }, (_, k) => seedTenant(start + k))
    await seedTenantBatch(ctx, ids)
  }
}
