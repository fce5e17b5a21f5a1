import type { Db } from 'mongodb'
import { type RegistrationInput, registerKeys } from './replay/register-keys'
import { claimOrder, globalSpace, openReplayCollections } from './replay/replay-documents'
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
    /** Every lookup is by `_id` (the key, or the check); `tenant_id` only for erasing a tenant. */
    async ensureIndexes(): Promise<void> {
      for (const index of storeIndexes.replay_checks) await checks.createIndex(index)
    },

    /**
     * Forgets a check: the keys it owns (in its tenant's space and the global one) and then its
     * registrations. A key another check owns is left: it is that check's.
     */
    async eraseCheck(tenantId: string, checkId: string): Promise<void> {
      for (const docId of [`${tenantId}:${checkId}`, `${globalSpace}:${tenantId}:${checkId}`]) {
        const doc = await checks.findOne({ _id: docId })
        if (!doc) continue
        const space = docId.startsWith(`${globalSpace}:`) ? globalSpace : tenantId
        for (const kind of claimOrder) {
          const digest = doc.keys[kind]
          if (digest)
            await keys.deleteOne({
              _id: `${space}:${kind}:${digest}`,
              check_id: checkId,
              tenant_id: tenantId,
            })
        }
        await checks.deleteOne({ _id: docId })
      }
    },

    /** Every registration of a tenant, a batch at a time (admin erasure of a tenant). */
    async eraseTenant(tenantId: string, batch = 200): Promise<number> {
      let erased = 0
      for (;;) {
        const docs = await findWith(checks, replayQueries.checksOfTenant(tenantId, batch)).toArray()
        if (docs.length === 0) return erased
        const ids = new Set(docs.map((d) => d.check_id))
        for (const id of ids) await this.eraseCheck(tenantId, id)
        erased += ids.size
      }
    },

    register: (input: RegistrationInput) => registerKeys(ctx, input),
  }
}

export type ReplayRegistry = ReturnType<typeof createReplayRegistry>
