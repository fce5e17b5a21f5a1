/**
 * The fuzz tables' most common row: a valid batch with one field of one line replaced. The row is data — the
 * field (drawn when it is a list) and the value (drawn from a list, or by a function when it is computed).
 */
import type { Prng } from './mutate'

export interface OneFieldChange {
  name: string
  /** The field to replace; a list is drawn from (one draw), a single name is not. */
  field: string | readonly string[]
  /** The value: drawn from a list, or made by a function (which draws what it needs). */
  values: readonly unknown[] | ((rng: Prng) => unknown)
}

/** Replaces one field of one of `lines` as `change` says: draws the line, then the field, then the value. */
export function changeOneField(rng: Prng, lines: readonly object[], change: OneFieldChange): void {
  const line = lines[rng.int(lines.length)] as Record<string, unknown>
  const field = typeof change.field === 'string' ? change.field : rng.pick(change.field)
  line[field] = typeof change.values === 'function' ? change.values(rng) : rng.pick(change.values)
}
