import { crossTenantReplayKinds, type ReplayCandidateInput, type ReplayKeys } from '@rv/core'
import type { ReplayKey } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { duplicateKeyIndex, isDuplicateKeyError } from './duplicate-key'
import { findWith, replayQueries, storeIndexes } from './store-queries'

/** Every key of one check, so a judge can compare all kinds, not only the ones that collided. */
export interface ReplayCheckDocument {
  /** `<tenant>:<check id>`; global keys (cross-tenant profiles): `_global:<tenant>:<check id>` */
  _id: string
  tenant_id: string
  check_id: string
  keys: ReplayKeys
  created_at: string
}

export interface ReplayKeyDocument {
  /**
   * `<tenant>:<kind>:<digest>` (global keys: `_global:<kind>:<digest>`): unique, so the first check to
   * register a key owns it. `tenant_id` is the owner's tenant in both spaces.
   */
  _id: string
  tenant_id: string
  kind: ReplayKey
  digest: string
  check_id: string
  created_at: string
}

/** The key space of global (tenant-free) keys; not a valid tenant id. */
const globalSpace = '_global'

/** Fixed claiming order: the file key first, since every check has one and identical uploads share it. */
const claimOrder: readonly ReplayKey[] = ['file_sha256', 'content_hash', 'operation_id', 'semantic']

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
 */
export function createReplayRegistry(db: Db) {
  const keys: Collection<ReplayKeyDocument> = db.collection<ReplayKeyDocument>('replay_keys')
  const checks: Collection<ReplayCheckDocument> = db.collection<ReplayCheckDocument>('replay_checks')

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

    /**
     * Registers the keys of `checkId` and returns the checks registered before it that hold any of them
     * (redelivery of the same check finds only itself and returns nothing).
     */
    async register(input: {
      tenantId: string
      checkId: string
      createdAt: string
      keys: ReplayKeys
      scope?: 'tenant' | 'global'
    }): Promise<ReplayCandidateInput[]> {
      const global = input.scope === 'global'
      const space = global ? globalSpace : input.tenantId
      const checkDocId = (tenantId: string, checkId: string) =>
        global ? `${globalSpace}:${tenantId}:${checkId}` : `${tenantId}:${checkId}`
      try {
        await checks.insertOne({
          _id: checkDocId(input.tenantId, input.checkId),
          tenant_id: input.tenantId,
          check_id: input.checkId,
          keys: input.keys,
          created_at: input.createdAt,
        })
      } catch (error) {
        // Redelivery: the check registered before.
        if (!isDuplicateKeyError(error)) throw error
      }
      const holders = new Map<string, { tenantId: string; checkId: string; createdAt: string }>()
      const kinds = global ? claimOrder.filter((k) => crossTenantReplayKinds.includes(k)) : claimOrder
      const claims: ReplayKeyDocument[] = kinds.flatMap((kind) => {
        const digest = input.keys[kind]
        if (!digest) return []
        const _id = `${space}:${kind}:${digest}`
        return [
          {
            _id,
            tenant_id: input.tenantId,
            kind,
            digest,
            check_id: input.checkId,
            created_at: input.createdAt,
          },
        ]
      })
      // The keys in one ordered insert: it stops at the first collision, every key before it claimed.
      let next = 0
      let claiming = true
      while (next < claims.length) {
        let refused: number
        if (claiming) {
          const pending = claims.slice(next)
          try {
            await keys.insertMany(pending, { ordered: true })
            break
          } catch (error) {
            const index = duplicateKeyIndex(error)
            if (index === undefined) throw error
            refused = next + index
          }
        } else refused = next
        const claim = claims[refused] as ReplayKeyDocument
        const holder = await keys.findOne({ _id: claim._id })
        if (holder && (holder.check_id !== input.checkId || holder.tenant_id !== input.tenantId)) {
          holders.set(checkDocId(holder.tenant_id, holder.check_id), {
            tenantId: holder.tenant_id,
            checkId: holder.check_id,
            createdAt: holder.created_at,
          })
          // Another check holds it: only look the remaining keys up.
          claiming = false
        }
        next = refused + 1
      }
      const earlier: ReplayCandidateInput[] = []
      for (const [docId, holder] of holders) {
        const full = await checks.findOne({ _id: docId })
        earlier.push({
          checkId: holder.checkId,
          createdAt: full?.created_at ?? holder.createdAt,
          keys: full?.keys ?? {},
          ...(holder.tenantId === input.tenantId ? {} : { foreign: true }),
        })
      }
      return earlier.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    },
  }
}

export type ReplayRegistry = ReturnType<typeof createReplayRegistry>
