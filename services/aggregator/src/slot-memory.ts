/**
 * What this process has seen stored in each running check's slots, and the submission it saw (stored by
 * the gateway before it was published). A slot is written once (the first write wins), so a value seen
 * stored stays true: when every slot of a check and its submission are known here, deciding it needs no
 * read of the store. Only an optimisation: whatever is not known is read.
 * Bounded: past `maxChecks` the check seen least recently is forgotten, which only costs a read later.
 *
 * A check may also be *trusted* in one ownership generation (ownership-trust.ts): this process saw its
 * submission while holding every partition its results can come through, so every result it will have
 * comes here, and what is not in memory has not been stored yet — a result needs no read to learn the rest.
 * Forgetting a check forgets its trust with it.
 */
import { type CheckSlots, stageSlots } from '@rv/store'

/** Every stage reported and the submission known: enough to decide without the store. */
export function isComplete(slots: CheckSlots): boolean {
  return slots.submission !== undefined && stageSlots.every((slot) => slot in slots.stages)
}

/**
 * @example
 * const memory = createSlotMemory()
 * const known = memory.merge(checkId, { stages: { extraction: event }, submission })
 */
/** This process's memory of checks' slots (see createSlotMemory). */
export type SlotMemory = ReturnType<typeof createSlotMemory>

/** A remembered check: what was seen of it, and the generation it was trusted in, if any. */
interface Entry {
  slots: CheckSlots
  trustedIn?: number
}

export function createSlotMemory(maxChecks = 10_000) {
  const known = new Map<string, Entry>()
  return {
    /** Adds what was seen stored for `checkId`; returns everything known about it. */
    merge(checkId: string, seen: CheckSlots): CheckSlots {
      const current = known.get(checkId)
      const submission = current?.slots.submission ?? seen.submission
      const merged: CheckSlots = {
        stages: { ...current?.slots.stages, ...seen.stages },
        ...(submission ? { submission } : {}),
      }
      known.delete(checkId)
      known.set(checkId, { ...current, slots: merged })
      if (known.size > maxChecks) {
        const oldest = known.keys().next().value
        if (oldest !== undefined) known.delete(oldest)
      }
      return merged
    },
    /** Marks a remembered check trusted in `generation` (ownership-trust.ts); a forgotten one is not marked. */
    trust(checkId: string, generation: number): void {
      const entry = known.get(checkId)
      if (entry) entry.trustedIn = generation
    },
    /** The generation the check was trusted in, if any. */
    trustedIn(checkId: string): number | undefined {
      return known.get(checkId)?.trustedIn
    },
    /** The tenant of the check's submission, when this process has seen it. */
    tenantOf(checkId: string): string | undefined {
      const tenant = known.get(checkId)?.slots.submission?.['tenant_id']
      return typeof tenant === 'string' ? tenant : undefined
    },
    forget(checkId: string): void {
      known.delete(checkId)
    },
    size: () => known.size,
  }
}
