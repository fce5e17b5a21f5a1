import type { Db } from 'mongodb'
import { openCheckCollections } from './checks/check-collections'
import { createCheckErasure } from './checks/check-erasure'
import { createCheckOutbox } from './checks/check-outbox'
import { createCheckReads } from './checks/check-reads'
import { createCheckWrites } from './checks/check-writes'
import { storeIndexes } from './store-queries'

export type { CheckCollections } from './checks/check-collections'
export { type CheckDocument, type ErasableCheck, type StageSlot, stageSlots } from './checks/check-document'
export type { CheckSlots } from './checks/check-slots'

/**
 * Check records and their per-stage slots: the concerns of `checks/` (writes, reads, outbox, erasure) over
 * the three collections a check lives in (`checks`, `check_stages`, `check_completions`; why three:
 * `checks/check-collections.ts`), composed into the one repository the services take.
 */
export function createCheckRepository(db: Db) {
  const ctx = openCheckCollections(db)
  return {
    /** One index per query (store-queries.ts); no other: each index is paid on every write. */
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.checks) await ctx.checks.createIndex(index)
      await ctx.slots.ensureIndexes()
    },
    ...createCheckWrites(ctx),
    ...createCheckReads(ctx),
    ...createCheckOutbox(ctx),
    ...createCheckErasure(ctx),
  }
}

export type CheckRepository = ReturnType<typeof createCheckRepository>
