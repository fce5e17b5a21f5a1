/**
 * Fixed-window request counters shared by the gateway's replicas (services/gateway
 * contract/shared-rate-limit). FerretDB v1 loses concurrent `$inc`s on one document
 * (model-budget-repository.ts), and has no TTL index, so: each replica (writer) owns one document per
 * tenant and window, `_id` `<tenant>:<window>:<writer>`, and `$set`s its own count; a tenant's total is
 * the sum over the writers' documents found by `tenant_window` (indexed equality). A writer deletes its
 * document of the previous window when it first writes the next one; what a writer that stopped leaves
 * behind expires `ttlMs` after its last write (deleted by the retention job: expiring-documents.ts).
 */
import type { Db } from 'mongodb'
import { randomBase62 } from './api-key'
import { type ExpiryFields, ensureExpiryIndexes, expiryFields } from './expiring-documents'
import { rateWindowQueries } from './store-queries'

/** Longer than any window (the gateway's is a minute): a document in use is rewritten long before. */
export const rateWindowTtlMs = 60 * 60 * 1000

interface RateWindowDocument extends ExpiryFields {
  _id: string
  tenant_window: string
  writer: string
  count: number
}

export function createRateWindowRepository(
  db: Db,
  options: { writer?: string; now?: () => Date; ttlMs?: number } = {},
) {
  const windows = db.collection<RateWindowDocument>(rateWindowQueries.collection)
  const writer = options.writer ?? randomBase62(12)
  const now = options.now ?? (() => new Date())
  const ttlMs = options.ttlMs ?? rateWindowTtlMs
  return {
    writer,
    async ensureIndexes(): Promise<void> {
      await ensureExpiryIndexes(db.collection(rateWindowQueries.collection), 'rate_windows')
    },
    /**
     * Writes this writer's count of a tenant's window and answers the counts of the other writers.
     * `previousWindow`: this writer's document of that window is deleted.
     */
    async sync(tenantId: string, window: number, count: number, previousWindow?: number): Promise<number> {
      const key = `${tenantId}:${window}`
      await windows.updateOne(
        { _id: `${key}:${writer}` },
        {
          $set: {
            tenant_window: key,
            writer,
            count,
            ...expiryFields(new Date(now().getTime() + ttlMs)),
          },
        },
        { upsert: true },
      )
      if (previousWindow !== undefined) {
        await windows.deleteOne({ _id: `${tenantId}:${previousWindow}:${writer}` })
      }
      const docs = await windows.find(rateWindowQueries.byTenantWindow(key).filter).toArray()
      return docs.reduce((sum, d) => (d.writer === writer ? sum : sum + d.count), 0)
    },
  }
}

export type RateWindowRepository = ReturnType<typeof createRateWindowRepository>
