/**
 * The reader of a document no family recognises, driven by `families/generic.json` (label/value rules for
 * Russian bank receipts, written for the market, not for one bank):
 * - the page's layout is told from the page: a row carrying two known labels side by side is a grid whose
 *   values stand below their labels (Alfa, Gazprombank); otherwise values stand right of their labels;
 * - labels are tried in the order listed (most specific first: `Сумма перевода` before `Сумма`), each with
 *   the value in the page's layout, then the other layout, then inside its own run (`Квитанция № 1-…`); a
 *   "value" that is itself a known label is no value;
 * - the amount is the transfer amount: a total (`Итого`, `Сумма с комиссией`) is the amount only when no
 *   amount is printed, less the commission when one is printed (`generic-amount.ts`);
 * - an unlabelled date and time (T-Bank's date line) is the operation time when no label names one; an
 *   SBP-shaped id anywhere is the receipt number when no label names one;
 * - the recipient's bank is printed (`Банк получателя`) or follows from the document (`generic-bank.ts`).
 * Every confidence stays below 0.9 (× `genericScale`) because the layout is a guess; a value that does not
 * parse is left empty.
 */
import type { ReceiptFields } from '@rv/schemas'
import type { FieldName, FieldRule, ValueLayout } from '../../vocabulary/family-definition'
import { isSbpId } from '../../vocabulary/text/decode-sbp-id'
import { labelKey } from '../../vocabulary/text/normalize-text'
import type { Cell, Line } from '../../vocabulary/text/text-lines'
import generic from '../families/generic.json'
import { readGenericAmount } from './generic-amount'
import { type FieldReading, type Readings, readRule } from './read-family-fields'

const rules = (generic as { fields: Partial<Record<FieldName, FieldRule>> }).fields
const totalRule = generic.total as FieldRule

/** Every label the generic reader knows: a value never runs into one, and no value is one. */
const labelKeys: ReadonlySet<string> = new Set(
  [
    ...Object.values(rules).flatMap((rule) => rule?.labels ?? []),
    ...totalRule.labels,
    ...generic.otherLabels,
  ].map(labelKey),
)

/** The fields the generic reader is measured on (issue 16): the bench and the real-corpus test score these. */
export const genericScoredFields = [
  'amount',
  'commission',
  'currency',
  'paid_at',
  'receipt_number',
  'payment_reference',
  'sender_name',
  'recipient_name',
  'bank',
] as const satisfies readonly (keyof ReceiptFields)[]

/** Confidence multiplier for generic readings: 0.99 × 0.6 ≈ 0.59, far from the 0.9 "trust" line. */
export const genericScale = 0.6

export function readGenericFields(lines: readonly Line[]): Readings<FieldName> {
  const layout = pageLayout(lines)
  const readings: Readings<FieldName> = {}
  for (const [name, rule] of Object.entries(rules) as [FieldName, FieldRule][]) {
    if (name === 'amount') continue
    const reading = readLabelled(lines, rule, layout)
    if (reading) readings[name] = reading
  }
  const amount = readGenericAmount(
    readLabelled(lines, rules.amount as FieldRule, layout),
    readLabelled(lines, totalRule, layout),
    readings.commission,
  )
  if (amount) readings.amount = amount
  if (!readings.paid_at) {
    const unlabelled = readRule(
      lines,
      { ...(rules.paid_at as FieldRule), locate: 'anywhere' },
      layout,
      labelKeys,
    )
    if (unlabelled?.value) readings.paid_at = unlabelled
  }
  if (!readings.receipt_number) {
    const found = findSbpIdAnywhere(lines)
    if (found) readings.receipt_number = found
  }
  return readings
}

/**
 * The value cells of the labels no field reads (`Банк отправителя`, `Счёт списания`, …): text that is data,
 * not the document's own words.
 */
export function otherValueCells(lines: readonly Line[]): Cell[] {
  const layout = pageLayout(lines)
  return generic.otherLabels.flatMap(
    (label) => readLabelled(lines, { labels: [label], format: 'text' }, layout)?.cells ?? [],
  )
}

/** `below` when some row carries two known labels as separate cells (a grid), else `right`. */
export function pageLayout(lines: readonly Line[]): ValueLayout {
  const gridRows = lines.filter((line) => line.cells.filter((c) => labelKeys.has(c.key)).length >= 2)
  return gridRows.length > 0 ? 'below' : 'right'
}

function readLabelled(lines: readonly Line[], rule: FieldRule, layout: ValueLayout): FieldReading | null {
  const other: ValueLayout = layout === 'right' ? 'below' : 'right'
  for (const label of rule.labels) {
    const single = { ...rule, labels: [label] }
    const attempts = [
      () => readRule(lines, single, layout, labelKeys),
      () => readRule(lines, single, other, labelKeys),
      () => readRule(lines, { ...single, locate: 'inline' }, layout, labelKeys),
    ]
    for (const attempt of attempts) {
      const reading = attempt()
      if (reading?.value && !reading.cells.some((c) => labelKeys.has(c.key))) return reading
    }
  }
  return null
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
