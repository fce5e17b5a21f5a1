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

/**
 * Earlier by creation time, then by id. Concurrent submissions can win different keys (A the file key,
 * B the semantic key); judging by creation time, not by who inserted first, keeps the answer one-sided.
 */
function isBefore(
  holder: { check_id: string; created_at: string },
  me: { checkId: string; createdAt: string },
) {
  if (holder.created_at !== me.createdAt) return holder.created_at < me.createdAt
  return holder.check_id < me.checkId
}

/**
 * The replay registry. Registration and lookup are one step: inserting a key either claims it or reveals
 * the earlier check that holds it, so two concurrent submissions of one receipt cannot both be "first".
 */
export function createReplayRegistry(db: Db) {
  const keys: Collection<ReplayKeyDocument> = db.collection<ReplayKeyDocument>('replay_keys')
  const checks: Collection<ReplayCheckDocument> = db.collection<ReplayCheckDocument>('replay_checks')

  return {
    async ensureIndexes(): Promise<void> {
      await keys.createIndex({ tenant_id: 1, check_id: 1 })
    },

    /**
     * Registers every key of `checkId` and returns the earlier-created checks holding any of them
     * (redelivery of the same check finds only itself and returns nothing).
     */
    async register(input: {
      tenantId: string
      checkId: string
      createdAt: string
      keys: ReplayKeys
    }): Promise<ReplayCandidate[]> {
      await checks.updateOne(
        { _id: `${input.tenantId}:${input.checkId}` },
        {
          $setOnInsert: {
            tenant_id: input.tenantId,
            check_id: input.checkId,
            keys: input.keys,
            created_at: input.createdAt,
          },
        },
        { upsert: true },
      )
      const holders = new Map<string, string>()
      for (const [kind, digest] of Object.entries(input.keys) as [ReplayKey, string | undefined][]) {
        if (!digest) continue
        const _id = `${input.tenantId}:${kind}:${digest}`
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
        const holder = await keys.findOne({ _id })
        if (holder && holder.check_id !== input.checkId && isBefore(holder, input)) {
          holders.set(holder.check_id, holder.created_at)
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
