/**
 * The per-tenant daily model budget counter (`@rv/vlm` ModelBudgetStore), kept so no increment is lost on
 * FerretDB v1, which applies an update by reading and replacing the document: concurrent `$inc`s on one
 * document lose increments there (measured: 10 concurrent `$inc` left 1), and so do compare-and-set
 * loops. Hence, as in check-repository.ts, one writer per document: each process (writer) owns one
 * counter document per tenant and UTC day, `_id` `<tenant>:<day>:<writer>`, and serialises its own
 * increments to it. A call adds with one `$inc` (O(1)); the spend check sums the writers' documents of the
 * tenant and day (one indexed query; as many documents as extraction processes wrote that day).
 * Spend is kept in whole picodollars so the sums are exact.
 */
import { type Collection, type Db, Double } from 'mongodb'
import { randomBase62 } from './api-key'

interface BudgetDocument {
  _id: string
  tenant_id: string
  day: string
  writer: string
  tokens: number
  pico_usd: number
}

export function createModelBudgetRepository(db: Db, options: { writer?: string } = {}) {
  const counters: Collection<BudgetDocument> = db.collection<BudgetDocument>('model_budget')
  const writer = options.writer ?? randomBase62(12)
  const queues = new Map<string, Promise<void>>()

  return {
    async ensureIndexes(): Promise<void> {
      await counters.createIndex({ tenant_id: 1, day: 1 })
    },

    async spent(tenantId: string, day: string): Promise<{ tokens: number; picoUsd: number }> {
      const docs = await counters.find({ tenant_id: tenantId, day }).toArray()
      return {
        tokens: docs.reduce((n, d) => n + d.tokens, 0),
        picoUsd: docs.reduce((n, d) => n + d.pico_usd, 0),
      }
    },

    /** Adds one call's spend; this process's increments to a document run one after another. */
    add(tenantId: string, day: string, spend: { tokens: number; picoUsd: number }): Promise<void> {
      const id = `${tenantId}:${day}:${writer}`
      const run = (queues.get(id) ?? Promise.resolve()).then(async () => {
        await counters.updateOne(
          { _id: id },
          {
            // Doubles, not int32: FerretDB wraps an int32 `$inc` past 2^31 (MongoDB widens it); a double
            // holds whole picodollars exactly up to 2^53 (9,007 USD per tenant, day and writer).
            $inc: { tokens: new Double(spend.tokens), pico_usd: new Double(spend.picoUsd) },
            $setOnInsert: { tenant_id: tenantId, day, writer },
          },
          { upsert: true },
        )
      })
      const settled = run.catch(() => undefined)
      queues.set(id, settled)
      void settled.then(() => {
        if (queues.get(id) === settled) queues.delete(id)
      })
      return run
    },
  }
}

export type ModelBudgetRepository = ReturnType<typeof createModelBudgetRepository>
