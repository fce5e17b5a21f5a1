/**
 * Which earlier check this submission repeats, and how. Three situations are told apart:
 * - `replay_identical_file`: the same bytes again;
 * - `replay_same_receipt`: the same receipt downloaded again (text, or operation id and payment details,
 *   agree; the file differs);
 * - `replay_operation_id_reused`: an earlier receipt's operation id with different payment details, the
 *   mark of an edited copy.
 * A candidate that shares only the payment details while both carry different operation ids is another
 * payment that looks alike (same amount, same payee, same minute), not a replay, and is ignored.
 */
import type { ReplayKey, ReplayResult } from '@rv/schemas'
import type { ReplayCandidate, ReplayKeys } from '../../vocabulary/stage-contracts'

export const replayReasons = [
  'replay_identical_file',
  'replay_same_receipt',
  'replay_operation_id_reused',
  'replay_cross_tenant',
] as const
export type ReplayReason = (typeof replayReasons)[number]

/** A candidate may come from another tenant (global keys): it counts, but its id is never disclosed. */
export interface ReplayCandidateInput extends ReplayCandidate {
  foreign?: boolean
}

const keyOrder: readonly ReplayKey[] = ['file_sha256', 'content_hash', 'operation_id', 'semantic']

function classify(keys: ReplayKeys, c: ReplayCandidate): { matched: ReplayKey[]; reasons: ReplayReason[] } {
  const matched = keyOrder.filter((k) => keys[k] !== undefined && keys[k] === c.keys[k])
  const has = (k: ReplayKey) => matched.includes(k)
  const conflicts = (k: ReplayKey) =>
    keys[k] !== undefined && c.keys[k] !== undefined && keys[k] !== c.keys[k]
  if (has('file_sha256')) return { matched, reasons: ['replay_identical_file'] }
  if (has('operation_id') && conflicts('semantic'))
    return { matched, reasons: ['replay_operation_id_reused'] }
  const same = has('content_hash') || has('operation_id') || (has('semantic') && !conflicts('operation_id'))
  return same ? { matched, reasons: ['replay_same_receipt'] } : { matched: [], reasons: [] }
}

const byAge = (a: ReplayCandidate, b: ReplayCandidate) =>
  a.createdAt < b.createdAt
    ? -1
    : a.createdAt > b.createdAt
      ? 1
      : a.checkId < b.checkId
        ? -1
        : a.checkId > b.checkId
          ? 1
          : 0

/**
 * `earlier` must not contain the check being judged.
 * @example judgeReplay(keys, []) // { seen_before: false, duplicate_of: null, keys_matched: [], reasons: [] }
 */
export function judgeReplay(
  keys: ReplayKeys,
  earlier: readonly ReplayCandidateInput[],
): ReplayResult & { reasons: ReplayReason[] } {
  const matched = new Set<ReplayKey>()
  const reasons = new Set<ReplayReason>()
  let duplicateOf: ReplayCandidate | null = null
  let seen = false
  for (const c of [...earlier].sort(byAge)) {
    const verdict = classify(keys, c)
    if (verdict.reasons.length === 0) continue
    seen = true
    for (const k of verdict.matched) matched.add(k)
    for (const r of verdict.reasons) reasons.add(r)
    if (c.foreign) reasons.add('replay_cross_tenant')
    else if (duplicateOf === null) duplicateOf = c
  }
  return {
    seen_before: seen,
    duplicate_of: duplicateOf?.checkId ?? null,
    keys_matched: keyOrder.filter((k) => matched.has(k)),
    reasons: replayReasons.filter((r) => reasons.has(r)),
  }
}
