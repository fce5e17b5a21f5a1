/**
 * The end-of-run ledger: every acknowledged check (POST answered 2xx with an id) is either completed (a
 * check.completed.v1 event arrived), terminal in the store without an event, still running, or missing
 * from the store altogether (lost).
 */
import { isTerminal } from '@rv/core/vocabulary'
import type { Store } from '@rv/store'
import type { Completion } from './completion-watcher'
import type { Submission } from './open-loop'

export interface Ledger {
  sent: number
  /** status (0 = no answer) -> code -> count, for answers that were not 2xx. */
  refused: Record<string, Record<string, number>>
  acknowledged: number
  completed: number
  /** Completed checks by final status and, for failed ones, error code. */
  outcomes: Record<string, number>
  /** Extra check.completed.v1 deliveries beyond the first, summed over checks. */
  duplicateCompletions: number
  checksWithDuplicates: number
  /** Deliveries to the bench's own watcher of a message it had seen (its consumer restarted): not events. */
  watcherRedeliveries: number
  /** Acknowledged, terminal in the store, but no completion event seen. */
  terminalWithoutEvent: number
  /** Acknowledged and still pending/processing in the store. */
  notTerminal: number
  /** Acknowledged and absent from the store. */
  lost: number
  lostIds: string[]
  stuckIds: string[]
  /** Why each stuck check is stuck: its status, age, stage slots stored and outbox flag. */
  stuckDetails: string[]
}

export async function buildLedger(
  submissions: readonly Submission[],
  completions: ReadonlyMap<string, Completion>,
  store: Store,
): Promise<Ledger> {
  const refused: Ledger['refused'] = {}
  const acked: string[] = []
  for (const s of submissions) {
    if (s.status >= 200 && s.status < 300 && s.checkId) {
      acked.push(s.checkId)
      continue
    }
    const byCode = refused[String(s.status)] ?? {}
    refused[String(s.status)] = byCode
    const code = s.code ?? 'unknown'
    byCode[code] = (byCode[code] ?? 0) + 1
  }
  const outcomes: Record<string, number> = {}
  let duplicateCompletions = 0
  let checksWithDuplicates = 0
  let watcherRedeliveries = 0
  const missing: string[] = []
  for (const id of acked) {
    const c = completions.get(id)
    if (!c) {
      missing.push(id)
      continue
    }
    const outcome = c.status === 'failed' ? `failed:${c.errorCode ?? '?'}` : c.status
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    watcherRedeliveries += c.redelivered
    if (c.count > 1) {
      duplicateCompletions += c.count - 1
      checksWithDuplicates++
    }
  }
  let terminalWithoutEvent = 0
  const lostIds: string[] = []
  const stuckIds: string[] = []
  const stuckDetails: string[] = []
  for (const id of missing) {
    const doc = await store.checks.findDocument(id)
    if (!doc) lostIds.push(id)
    else if (isTerminal(doc.status)) terminalWithoutEvent++
    else {
      stuckIds.push(id)
      const ageS = ((Date.now() - doc.created_at.getTime()) / 1000).toFixed(0)
      stuckDetails.push(
        `${id} ${doc.status} age ${ageS} s, stages [${Object.keys(doc.stages ?? {}).join(',')}], published ${doc.published}`,
      )
    }
  }
  return {
    sent: submissions.length,
    refused,
    acknowledged: acked.length,
    completed: acked.length - missing.length,
    outcomes,
    duplicateCompletions,
    watcherRedeliveries,
    checksWithDuplicates,
    terminalWithoutEvent,
    notTerminal: stuckIds.length,
    lost: lostIds.length,
    lostIds,
    stuckIds,
    stuckDetails,
  }
}

export function formatRefused(refused: Ledger['refused']): string {
  const parts = Object.entries(refused).flatMap(([status, codes]) =>
    Object.entries(codes).map(([code, n]) => `${status === '0' ? 'no answer' : status} ${code} x${n}`),
  )
  return parts.length === 0 ? 'none' : parts.join(', ')
}
