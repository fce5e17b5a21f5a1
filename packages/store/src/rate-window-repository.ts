/**
 * Fixed-window request counters shared by the gateway's replicas (services/gateway
 * contract/shared-rate-limit). FerretDB v1 loses concurrent `$inc`s on one document
 * (model-budget-repository.ts), and has no TTL index, so: each replica (writer) owns one document per
 * tenant and window, `_id` `<tenant>:<window>:<writer>`, and `$set`s its own count; a tenant's total is
 * the sum over the writers' documents. A replica syncs every tenant it admitted requests for in one go
 * (`syncWindow`): one bulk `update` of its counts and one read of the window's documents (`window`,
 * indexed equality), whatever the number of tenants or requests. When a writer first syncs a new window it
 * deletes its documents of the window it synced before (one `delete`); what a writer that stopped leaves
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
  /** The window's number, as a string (rateWindowQueries.byWindow). */
  window: string
  writer: string
  count: number
}

/** One tenant's count of admitted requests on this writer, in the window being synced. */
export interface RateWindowCount {
  tenantId: string
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
  let lastWindow: number | undefined
  return {
    writer,
    async ensureIndexes(): Promise<void> {
      await ensureExpiryIndexes(db.collection(rateWindowQueries.collection), 'rate_windows')
    },
    /**
     * Writes this writer's counts of `window` (none: only reads) and answers, per tenant of the window, the
     * sum of the other writers' counts (0 for a tenant of `counts` no other writer counted).
     */
    async syncWindow(window: number, counts: readonly RateWindowCount[]): Promise<Map<string, number>> {
      if (lastWindow !== undefined && lastWindow !== window) {
        await windows.deleteMany({ writer, window: String(lastWindow) })
      }
      lastWindow = window
      const expiry = expiryFields(new Date(now().getTime() + ttlMs))
      if (counts.length > 0) {
        await windows.bulkWrite(
          counts.map(({ tenantId, count }) => ({
            updateOne: {
              filter: { _id: `${tenantId}:${window}:${writer}` },
              update: {
                $set: {
                  tenant_window: `${tenantId}:${window}`,
                  window: String(window),
                  writer,
                  count,
                  ...expiry,
                },
              },
              upsert: true,
            },
          })),
          { ordered: false },
        )
      }
      const others = new Map(counts.map(({ tenantId }) => [tenantId, 0]))
      const docs = await windows
        .find(rateWindowQueries.byWindow(window).filter, {
          projection: { tenant_window: 1, writer: 1, count: 1 },
        })
        .toArray()
      for (const doc of docs) {
        const tenantId = doc.tenant_window.slice(0, doc.tenant_window.lastIndexOf(':'))
        if (doc.writer !== writer) others.set(tenantId, (others.get(tenantId) ?? 0) + doc.count)
      }
      return others
    },
  }
}

export type RateWindowRepository = ReturnType<typeof createRateWindowRepository>
