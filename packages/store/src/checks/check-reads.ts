import type { CheckRecord } from '@rv/schemas'
import { checkQueries, completionQueries, findOneWith } from '../store-queries'
import type { CheckCollections } from './check-collections'
import type { CheckDocument } from './check-document'

/** The record if it exists and belongs to the tenant; another tenant's id looks exactly like a missing one. */
export async function findRecord(
  { checks, completions }: CheckCollections,
  tenantId: string,
  id: string,
): Promise<CheckRecord | undefined> {
  const done = await findOneWith(completions, completionQueries.byIdForTenant(id, tenantId))
  if (done) return done.record
  const doc = await findOneWith(checks, checkQueries.byIdForTenant(id, tenantId), {
    projection: { record: 1 },
  })
  return doc?.record
}

/** Reading a check: its record (the completion first), its tenant, the document with its slots. */
export function createCheckReads(ctx: CheckCollections) {
  const { checks, slots } = ctx
  return {
    findRecord: (tenantId: string, id: string) => findRecord(ctx, tenantId, id),
    /** The tenant the check belongs to (as the gateway wrote it), or undefined when there is no such check. */
    async findTenant(id: string): Promise<string | undefined> {
      const doc = await checks.findOne({ _id: id }, { projection: { tenant_id: 1 } })
      return doc?.tenant_id
    },
    async exists(id: string): Promise<boolean> {
      return (await checks.findOne({ _id: id }, { projection: { _id: 1 } })) !== null
    },
    async findDocument(id: string): Promise<CheckDocument | undefined> {
      return slots.withStages(await checks.findOne({ _id: id }))
    },
    findStages: slots.findStages,
  }
}
