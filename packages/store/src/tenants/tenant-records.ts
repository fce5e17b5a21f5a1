import { randomBase62 } from '../api-key'
import { findOneWith, tenantQueries } from '../store-queries'
import type { TenantCollections, TenantDocument } from './tenant-documents'

/** The tenants themselves (`tenants`): made, found by id or name, listed, their retention set. */
export function createTenantRecords({ tenants }: TenantCollections) {
  return {
    async createTenant(name: string, now = new Date()): Promise<TenantDocument> {
      const tenant: TenantDocument = {
        _id: `ten_${randomBase62(16)}`,
        name,
        created_at: now,
        no_credits_yet: true,
      }
      await tenants.insertOne(tenant)
      return tenant
    },
    async findTenant(idOrName: string): Promise<TenantDocument | undefined> {
      return (
        (await tenants.findOne({ _id: idOrName })) ??
        (await findOneWith(tenants, tenantQueries.byName(idOrName))) ??
        undefined
      )
    },
    /**
     * The tenant's first bank credit is stored: its checks look for credits from now on. Called after the
     * credit's insert and before the credit looks for its check (docs/settlement.md).
     */
    async noteCreditStored(tenantId: string): Promise<void> {
      await tenants.updateOne({ _id: tenantId, no_credits_yet: true }, { $unset: { no_credits_yet: '' } })
    },
    /** Every tenant (admin-sized: one document per customer). */
    async listTenants(): Promise<TenantDocument[]> {
      return tenants.find({}).toArray()
    },
    /** Sets the tenant's retention in days (0: keep forever), or back to the deployment default (null). */
    async setRetention(tenantId: string, days: number | null): Promise<boolean> {
      if (days !== null && (!Number.isInteger(days) || days < 0))
        throw new Error('retention days: an integer ≥ 0')
      const update =
        days === null ? { $unset: { retention_days: '' as const } } : { $set: { retention_days: days } }
      return (await tenants.updateOne({ _id: tenantId }, update)).matchedCount === 1
    },
  }
}
