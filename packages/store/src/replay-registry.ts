import type { Db } from 'mongodb'
import { type RegistrationInput, registerKeys } from './replay/register-keys'
import { globalSpace, openReplayCollections } from './replay/replay-documents'
import { findWith, replayQueries, storeIndexes } from './store-queries'

export type { ReplayCheckDocument, ReplayKeyDocument } from './replay/replay-documents'

/**
 * The replay registry. Registration and lookup are one step: inserting a key either claims it or reveals
 * the check that registered it first. Keys are claimed in a fixed order and a check stops claiming at its
 * first collision (it only looks the remaining keys up): otherwise of two concurrent identical submissions
 * one could win the file key and the other the semantic key, and each would be the other's duplicate.
 * So of concurrent submissions of one receipt exactly one is the original: the first to register, decided
 * by the unique insert (FerretDB v1 has unique indexes but no transactions), never by comparing clocks.
 *
 * Scope `global` registers the tenant-free HMAC keys of cross-tenant profiles in their own key space,
 * claiming only `crossTenantReplayKinds` (file digest, operation id): a key made of guessable values
 * (amount, recipient, minute) would let a tenant probe another's payments. The other digests stay on the
 * registration, compared once a claimed key matched. Holders from other tenants come back flagged
 * `foreign` (their ids are the judge's to hide).
 *
 * Registration: `replay/register-keys.ts`.
 */
export function createReplayRegistry(db: Db) {
  const ctx = openReplayCollections(db)
  const { keys, checks } = ctx

  return {
    /**
     * Every lookup is by `_id` (the key, or a registration stored before 29 Nov 2026); erasure finds a
     * check's keys by owner.
     */
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.replay_keys) await keys.createIndex(index)
      for (const index of storeIndexes.replay_checks) await checks.createIndex(index)
    },

    /**
     * Forgets a check: the keys it owns (in its tenant's space and the global one), then its registrations
     * of the layout before 29 Nov 2026. A key another check owns is left: it is that check's.
     */
    async eraseCheck(tenantId: string, checkId: string): Promise<void> {
      await keys.deleteMany(replayQueries.keysOfCheck(tenantId, checkId).filter)
      for (const docId of [`${tenantId}:${checkId}`, `${globalSpace}:${tenantId}:${checkId}`])
        await checks.deleteOne({ _id: docId })
    },

    /** Every key and registration of a tenant, a batch of checks at a time (admin erasure of a tenant). */
    async eraseTenant(tenantId: string, batch = 200): Promise<number> {
      let erased = 0
      // Keys first (where every check since 29 Nov 2026 is), then registrations of the layout before.
      const batches = [
        () => findWith(keys, replayQueries.keysOfTenant(tenantId, batch)).toArray(),
        () => findWith(checks, replayQueries.checksOfTenant(tenantId, batch)).toArray(),
      ]
      for (const next of batches) {
        for (;;) {
          const docs = await next()
          if (docs.length === 0) break
          const ids = new Set(docs.map((d) => d.check_id))
          for (const id of ids) await this.eraseCheck(tenantId, id)
          erased += ids.size
        }
      }
      return erased
    },

    register: (input: RegistrationInput) => registerKeys(ctx, input),
  }
}

export type ReplayRegistry = ReturnType<typeof createReplayRegistry>
