import { crossTenantReplayKinds, type ReplayCandidateInput, type ReplayKeys } from '@rv/core'
import { duplicateKeyIndex } from '../duplicate-key'
import { claimOrder, globalSpace, type ReplayCollections, type ReplayKeyDocument } from './replay-documents'

export interface RegistrationInput {
  tenantId: string
  checkId: string
  createdAt: string
  keys: ReplayKeys
  scope?: 'tenant' | 'global'
}

/** A check that registered a key first, as its key document names it (`keys` since 29 Nov 2026). */
interface Holder {
  tenantId: string
  checkId: string
  createdAt: string
  keys?: ReplayKeys
}

/** The `replay_checks` id of a check in the registration's key space. */
const registrationId = (global: boolean) => (tenantId: string, checkId: string) =>
  global ? `${globalSpace}:${tenantId}:${checkId}` : `${tenantId}:${checkId}`

/**
 * The key documents a registration claims, in claiming order: every kind it has a digest of, only
 * `crossTenantReplayKinds` in the global space.
 */
export function replayKeyClaims(input: RegistrationInput): ReplayKeyDocument[] {
  const global = input.scope === 'global'
  const space = global ? globalSpace : input.tenantId
  const kinds = global ? claimOrder.filter((k) => crossTenantReplayKinds.includes(k)) : claimOrder
  return kinds.flatMap((kind) => {
    const digest = input.keys[kind]
    if (!digest) return []
    return [
      {
        _id: `${space}:${kind}:${digest}`,
        tenant_id: input.tenantId,
        kind,
        digest,
        check_id: input.checkId,
        created_at: input.createdAt,
        keys: input.keys,
      },
    ]
  })
}

/**
 * Claims the keys in one ordered insert, which stops at the first collision, every key before it claimed;
 * from the first key another check holds on, only looks the remaining keys up. Returns the holders by
 * their registration id.
 */
async function claimKeys(
  { keys }: ReplayCollections,
  input: RegistrationInput,
  claims: ReplayKeyDocument[],
): Promise<Map<string, Holder>> {
  const checkDocId = registrationId(input.scope === 'global')
  const holders = new Map<string, Holder>()
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
        ...(holder.keys ? { keys: holder.keys } : {}),
      })
      // Another check holds it: only look the remaining keys up.
      claiming = false
    }
    next = refused + 1
  }
  return holders
}

/**
 * The holders with every key they registered, oldest first; another tenant's flagged `foreign`. A holder's
 * keys come with its key document; one stored before 29 Nov 2026 has them in its `replay_checks`.
 */
async function earlierChecks(
  { checks }: ReplayCollections,
  input: RegistrationInput,
  holders: Map<string, Holder>,
): Promise<ReplayCandidateInput[]> {
  const earlier: ReplayCandidateInput[] = []
  for (const [docId, holder] of holders) {
    const keys = holder.keys ?? (await checks.findOne({ _id: docId }))?.keys ?? {}
    earlier.push({
      checkId: holder.checkId,
      createdAt: holder.createdAt,
      keys,
      ...(holder.tenantId === input.tenantId ? {} : { foreign: true }),
    })
  }
  return earlier.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/**
 * Registers the keys of `checkId` and returns the checks registered before it that hold any of them
 * (redelivery of the same check finds only itself and returns nothing). A new receipt is one insert: each
 * key document carries all the check's keys, so no registration of its own is written.
 */
export async function registerKeys(
  ctx: ReplayCollections,
  input: RegistrationInput,
): Promise<ReplayCandidateInput[]> {
  const holders = await claimKeys(ctx, input, replayKeyClaims(input))
  return earlierChecks(ctx, input, holders)
}
