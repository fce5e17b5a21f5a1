/**
 * What the console's keys do to its state, as pure functions (main.ts applies them and renders): the queue's
 * selection, the evidence and field cycles of the check view, the zoom, and the reason a digit picks.
 */
import { decisionReasons } from '@rv/core/review'

/** The selected queue row after j (down) or k (up): stays within the rows, 0 when there are none. */
export function movedSelection(selected: number, rows: number, direction: 'down' | 'up'): number {
  return Math.max(0, Math.min(rows - 1, selected + (direction === 'down' ? 1 : -1)))
}

/** The next (]) or previous ([) of `count` failed checks, wrapping round; `count` must be above 0. */
export function cycledEvidence(current: number, count: number, direction: 'next' | 'previous'): number {
  return (current + (direction === 'next' ? 1 : count - 1)) % count
}

/**
 * The field after (.) or before (,) the active one, wrapping round; with none active, the first or the last.
 * Undefined when there are no fields.
 */
export function steppedField(
  fields: readonly string[],
  active: string | undefined,
  direction: 'next' | 'previous',
): string | undefined {
  if (fields.length === 0) return undefined
  const at = active === undefined ? -1 : fields.indexOf(active)
  const step = direction === 'next' ? 1 : fields.length - 1
  return fields[at < 0 ? (step === 1 ? 0 : fields.length - 1) : (at + step) % fields.length]
}

/** The zoom after + or −: a quarter more or a fifth less, kept between 0.5 and 4. */
export function zoomed(zoom: number, direction: 'in' | 'out'): number {
  return Math.max(0.5, Math.min(4, zoom * (direction === 'in' ? 1.25 : 0.8)))
}

/** The reason code digit `digit` (1-9) picks for a decision, in the order the decision panel lists them. */
export function reasonForDigit(decision: string | undefined, digit: number | undefined): string | undefined {
  const reasons = decisionReasons.filter((r) => r.for === decision)
  return digit ? reasons[digit - 1]?.code : undefined
}
