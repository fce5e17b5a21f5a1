import type { Db, Document } from 'mongodb'
import { hourMs } from '../src/store-queries'
import { seedCheckDocuments, seedCheckId, seedTenant } from './seed-check-documents'

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

/** What every part of a seed shares: the options with their defaults, the clock of check `i`, the insert. */
export interface SeedContext {
  options: VolumeOptions
  tenants: number
  batch: number
  now: number
  createdAt: (i: number) => Date
  /** One unordered insertMany (none for no documents). */
  insert: (name: string, docs: Document[]) => Promise<unknown>
  /** Every document of finished check `i`. */
  docsFor: (i: number) => ReturnType<typeof seedCheckDocuments>
}

export function seedContext(db: Db, options: VolumeOptions): SeedContext {
  const tenants = options.tenants ?? 10
  const now = options.now.getTime()
  const createdAt = (i: number) =>
    // Spread over the 24 hours before `now` whatever the count, so a seed can grow.
    new Date(now - hourMs * 24 + ((i * 7919) % 86_400) * 1000)
  return {
    options,
    tenants,
    batch: options.batch ?? 1000,
    now,
    createdAt,
    insert: (name, docs) =>
      docs.length === 0 ? Promise.resolve() : db.collection(name).insertMany(docs, { ordered: false }),
    docsFor: (i) =>
      seedCheckDocuments({
        i,
        id: seedCheckId(i),
        tenantId: options.tenantIds?.[i % options.tenantIds.length] ?? seedTenant(i % tenants),
        created: createdAt(i),
        withoutCreatedHour: options.withoutCreatedHour,
      }),
  }
}

/** Inserts `docs` in batches of the seed's size, one after another. */
export async function insertInBatches(ctx: SeedContext, name: string, docs: Document[]): Promise<void> {
  for (let start = 0; start < docs.length; start += ctx.batch)
    await ctx.insert(name, docs.slice(start, start + ctx.batch))
}
