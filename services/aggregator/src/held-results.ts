/**
 * Stage results the aggregator keeps in memory instead of writing them to their slots, their offsets held
 * (`consume({ holdOffsets })`, @rv/kafka offset-holds.ts). Only for a check this process is trusted with
 * (ownership-trust.ts: every result of it comes here in this generation), so nothing else needs the slot in
 * the store: once the check's terminal record is written the results are released unwritten. A crash or a
 * rebalance before that redelivers them from Kafka to whoever owns the partition next.
 *
 * Each result is held at most `holdMs`: past it (a stage slow or down) the check's held results are written
 * to their slots as any other result, and released — so the sweeper's deadline, a repair of a claim and
 * every reader of the slots see what they always saw, and memory and uncommitted offsets stay bounded by
 * time. Results held in a generation that has ended are dropped: their redelivery goes to the next owner.
 */
import type { AggregateEvent, StageName } from '@rv/core'
import type { ReleaseOffset } from '@rv/kafka'

/** One held result: what its slot would hold, and its offset's release. */
export interface HeldResult {
  stage: StageName
  event: AggregateEvent
  /** The submission an extraction result carries (its slot keeps it). */
  submission?: Record<string, unknown>
  release: ReleaseOffset
  /** When it was held (epoch ms) and in which ownership generation. */
  at: number
  generation: number
}

/**
 * @example
 * const held = createHeldResults()
 * held.add('chk_1', { stage: 'matching', event, release, at: Date.now(), generation: 3 })
 * for (const r of held.take('chk_1')) r.release()
 */
export function createHeldResults() {
  const checks = new Map<string, HeldResult[]>()
  return {
    /** Holds a result (the handler holds one per stage: `has` first). */
    add(checkId: string, result: HeldResult): void {
      const list = checks.get(checkId) ?? []
      list.push(result)
      checks.set(checkId, list)
    },
    has: (checkId: string, stage: StageName): boolean =>
      checks.get(checkId)?.some((r) => r.stage === stage) ?? false,
    /** Removes and returns a check's held results (to release, or to write and release). */
    take(checkId: string): HeldResult[] {
      const list = checks.get(checkId) ?? []
      checks.delete(checkId)
      return list
    },
    /** Checks with a result held since before `before`, or held in another generation than `generation`. */
    due(before: number, generation: number | undefined): { overdue: string[]; stale: string[] } {
      const overdue: string[] = []
      const stale: string[] = []
      for (const [checkId, list] of checks) {
        if (list.some((r) => r.generation !== generation)) stale.push(checkId)
        else if (list.some((r) => r.at < before)) overdue.push(checkId)
      }
      return { overdue, stale }
    },
    /** Results held now (a gauge). */
    size(): number {
      let n = 0
      for (const list of checks.values()) n += list.length
      return n
    },
  }
}

export type HeldResults = ReturnType<typeof createHeldResults>
