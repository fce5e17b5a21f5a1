/**
 * Cross-tenant replay (a profile option): another tenant's checks are found through global keys (HMACs
 * without the tenant), while this tenant's are judged with tenant keys. To judge both in one pass, a
 * foreign candidate is restated in this check's tenant key space: a kind whose global digests agree gets
 * this check's own tenant digest, a kind whose digests differ gets a value that cannot agree. Its id and
 * digests are dropped, so nothing of the other tenant survives but "seen, which kinds, when".
 */
import type { ReplayKey } from '@rv/schemas'
import type { ReplayCandidate, ReplayKeys } from '../../vocabulary/stage-contracts'
import type { ReplayCandidateInput } from './judge-replay'

const kinds: readonly ReplayKey[] = ['file_sha256', 'content_hash', 'operation_id', 'semantic']

/** Never a 64-hex digest, so it never equals a real key but still counts as "present and different". */
const differs = 'foreign:differs'

/**
 * @example
 * judgeReplay(tenantKeys, [...own, ...foreign.map((c) => asForeignCandidate(tenantKeys, globalKeys, c))])
 */
export function asForeignCandidate(
  tenantKeys: ReplayKeys,
  globalKeys: ReplayKeys,
  candidate: ReplayCandidate,
): ReplayCandidateInput {
  const keys: ReplayKeys = {}
  for (const kind of kinds) {
    const theirs = candidate.keys[kind]
    if (theirs === undefined) continue
    const own = tenantKeys[kind]
    keys[kind] = theirs === globalKeys[kind] && own !== undefined ? own : differs
  }
  return { checkId: 'foreign', createdAt: candidate.createdAt, keys, foreign: true }
}
