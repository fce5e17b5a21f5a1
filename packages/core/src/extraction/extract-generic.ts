/**
 * Best-effort reading of a document no family recognises, driven by `families/generic.json` (common Russian
 * receipt labels): each label is tried with the value to its right, below it, then inside its own run. Every confidence stays
 * below 0.9 because the layout is a guess; a value that does not parse is left empty. An SBP-shaped id
 * anywhere on the page is taken as the receipt number only when no label names one.
 */
import type { FieldName, FieldRule } from '../families/family-definition'
import generic from '../families/generic.json'
import { isSbpId } from './decode-sbp-id'
import { labelKey } from './normalize-text'
import { type FieldReading, type Readings, readRule } from './read-family-fields'
import type { Line } from './text-lines'

const rules = (generic as { fields: Partial<Record<FieldName, FieldRule>> }).fields

/** Confidence multiplier for generic readings: 0.99 × 0.6 ≈ 0.59, far from the 0.9 "trust" line. */
export const genericScale = 0.6

export function readGenericFields(lines: readonly Line[]): Readings<FieldName> {
  const labelKeys = new Set(Object.values(rules).flatMap((rule) => (rule ? rule.labels.map(labelKey) : [])))
  const readings: Readings<FieldName> = {}
  for (const [name, rule] of Object.entries(rules) as [FieldName, FieldRule][]) {
    // Value to the right, then below, then in the label's own run (`Сумма: 500 ₽`).
    const attempts = [
      () => readRule(lines, rule, 'right', labelKeys),
      () => readRule(lines, rule, 'below', labelKeys),
      () => readRule(lines, { ...rule, locate: 'inline' }, 'below', labelKeys),
    ]
    for (const attempt of attempts) {
      const reading = attempt()
      if (reading?.value) {
        readings[name] = reading
        break
      }
    }
  }
  if (!readings.receipt_number) {
    const found = findSbpIdAnywhere(lines)
    if (found) readings.receipt_number = found
  }
  return readings
}

function findSbpIdAnywhere(lines: readonly Line[]): FieldReading | null {
  for (const line of lines) {
    for (const cell of line.cells) {
      const token = cell.text.split(' ').find(isSbpId)
      if (token) {
        return {
          rule: { labels: [], format: 'sbp_id', locate: 'anywhere' },
          raw: token,
          value: { kind: 'text', value: token },
          label: null,
          cells: [cell],
        }
      }
    }
  }
  return null
}
