import type { ReplayCandidate, ReplayKeys } from '@rv/core'
import type { ReplayKey } from '@rv/schemas'
import type { Collection, Db } from 'mongodb'
import { isDuplicateKeyError } from './duplicate-key'

/** Every key of one check, so a judge can compare all kinds, not only the ones that collided. */
export interface ReplayCheckDocument {
  /** `<tenant>:<check id>` */
  _id: string
  tenant_id: string
  check_id: string
  keys: ReplayKeys
  created_at: string
}

export interface ReplayKeyDocument {
  /** `<tenant>:<kind>:<digest>`: unique, so the first check to register a key owns it. */
  _id: string
  tenant_id: string
  kind: ReplayKey
  digest: string
  check_id: string
  created_at: string
}

/** Fixed claiming order: the file key first, since every check has one and identical uploads share it. */
const claimOrder: readonly ReplayKey[] = ['file_sha256', 'content_hash', 'operation_id', 'semantic']

/**
 * The replay registry. Registration and lookup are one step: inserting a key either claims it or reveals
 * the check that registered it first. Keys are claimed in a fixed order and a check stops claiming at its
 * first collision (it only looks the remaining keys up): otherwise of two concurrent identical submissions
 * one could win the file key and the other the semantic key, and each would be the other's duplicate.
 * So of concurrent submissions of one receipt exactly one is the original: the first to register.
 */
export function createReplayRegistry(db: Db) {
  const keys: Collection<ReplayKeyDocument> = db.collection<ReplayKeyDocument>('replay_keys')
  const checks: Collection<ReplayCheckDocument> = db.collection<ReplayCheckDocument>('replay_checks')

  return {
    async ensureIndexes(): Promise<void> {
      await keys.createIndex({ tenant_id: 1, check_id: 1 })
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
    }): Promise<ReplayCandidate[]> {
      try {
        await checks.insertOne({
          _id: `${input.tenantId}:${input.checkId}`,
          tenant_id: input.tenantId,
          check_id: input.checkId,
          keys: input.keys,
          created_at: input.createdAt,
        })
      } catch (error) {
        // Redelivery: the check registered before.
        if (!isDuplicateKeyError(error)) throw error
      }
      const holders = new Map<string, string>()
      let claiming = true
      for (const kind of claimOrder) {
        const digest = input.keys[kind]
        if (!digest) continue
        const _id = `${input.tenantId}:${kind}:${digest}`
        if (claiming) {
          try {
            await keys.insertOne({
              _id,
              tenant_id: input.tenantId,
              kind,
              digest,
              check_id: input.checkId,
              created_at: input.createdAt,
            })
            continue
          } catch (error) {
            if (!isDuplicateKeyError(error)) throw error
          }
        }
        const holder = await keys.findOne({ _id })
        if (holder && holder.check_id !== input.checkId) {
          holders.set(holder.check_id, holder.created_at)
          claiming = false
        }
      }
      const earlier: ReplayCandidate[] = []
      for (const [checkId, createdAt] of holders) {
        const full = await checks.findOne({ _id: `${input.tenantId}:${checkId}` })
        earlier.push({ checkId, createdAt: full?.created_at ?? createdAt, keys: full?.keys ?? {} })
      }
      return earlier.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    },
  }
}

export type ReplayRegistry = ReturnType<typeof createReplayRegistry>
