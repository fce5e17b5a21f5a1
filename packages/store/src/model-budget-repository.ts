/**
 * The per-tenant daily model budget counter (`@rv/vlm` ModelBudgetStore): one document per tenant and UTC
 * day, `_id` `<tenant>:<day>`, read by id before a reading and incremented with `$inc` (upsert) after each
 * call — O(1) per call, no scan, atomic under concurrent extraction consumers. Spend is kept in whole
 * picodollars so the counter sums exactly.
 */
import type { Collection, Db } from 'mongodb'

interface BudgetDocument {
  _id: string
  tenant_id: string
  day: string
  tokens: number
  pico_usd: number
}

export function createModelBudgetRepository(db: Db) {
  const counters: Collection<BudgetDocument> = db.collection<BudgetDocument>('model_budget')
  const id = (tenantId: string, day: string) => `${tenantId}:${day}`
  return {
    async spent(tenantId: string, day: string): Promise<{ tokens: number; picoUsd: number }> {
      const doc = await counters.findOne({ _id: id(tenantId, day) })
      return { tokens: doc?.tokens ?? 0, picoUsd: doc?.pico_usd ?? 0 }
    },
    async add(tenantId: string, day: string, spend: { tokens: number; picoUsd: number }): Promise<void> {
      await counters.updateOne(
        { _id: id(tenantId, day) },
        {
          $inc: { tokens: spend.tokens, pico_usd: spend.picoUsd },
          $setOnInsert: { tenant_id: tenantId, day },
        },
        { upsert: true },
      )
    },
  }
}

export type ModelBudgetRepository = ReturnType<typeof createModelBudgetRepository>
