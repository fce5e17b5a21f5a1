/**
 * Leave-one-family-out for `npm run bench:extraction`: the generic reader (every family withheld) on every real
 * receipt, each scored field compared with what the receipt's own family reader reads (itself cross-checked by
 * MANIFEST.tsv and pdftotext in the main bench) and `paid_at` with the MANIFEST's time. Printed per field, per
 * family and per variant, with the number of receipts behind each figure; a figure backed by fewer than 10
 * receipts is marked `(n<10)`. Only aggregates are printed — never a value or a file name.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractReceipt, parsePdf } from '@rv/core'
import type { ReceiptFields } from '@rv/schemas'

/** The fields the generic reader is scored on (issue 16, item 4). */
export const scoredFields = [
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

type Scored = (typeof scoredFields)[number]

export interface GenericRow {
  file: string
  family: string
  variant: string
  op: string
}

interface Count {
  ok: number
  n: number
}

const fewMarker = (n: number) => (n < 10 ? ' (n<10)' : '')
const pct = ({ ok, n }: Count) => (n === 0 ? 'n/a' : `${((100 * ok) / n).toFixed(1)}%`)

/** One receipt's agreement per scored field: a field counts only when either reading has a value. */
export function agreement(
  generic: ReceiptFields,
  family: ReceiptFields,
  paidAtAgrees: boolean,
): Partial<Record<Scored, boolean>> {
  const out: Partial<Record<Scored, boolean>> = {}
  for (const field of scoredFields) {
    if (field === 'paid_at') {
      out.paid_at = paidAtAgrees
      continue
    }
    const mine = generic[field] ?? null
    const theirs = family[field] ?? null
    if (mine === null && theirs === null) continue
    out[field] = mine === theirs
  }
  return out
}

/**
 * @param paidAtAgrees the main bench's MANIFEST time rule (seconds exact, minutes within the SBP-id window)
 * @param only fields to print per file class (`--generic-misses`): which fields disagree, never values
 */
export async function benchGenericWithheld(
  dir: string,
  rows: readonly GenericRow[],
  paidAtAgrees: (fields: ReceiptFields, op: string) => boolean,
): Promise<void> {
  const byGroup = new Map<string, Map<Scored, Count>>()
  const add = (group: string, field: Scored, ok: boolean) => {
    const fields = byGroup.get(group) ?? new Map<Scored, Count>()
    const c = fields.get(field) ?? { ok: 0, n: 0 }
    c.n++
    if (ok) c.ok++
    fields.set(field, c)
    byGroup.set(group, fields)
  }
  const receipts = new Map<string, number>()
  const wrongConfident = { n: 0 }
  for (const row of rows) {
    const model = await parsePdf(new Uint8Array(readFileSync(join(dir, row.file))))
    const family = extractReceipt(model).fields
    const generic = extractReceipt(model, { families: [] }).fields
    const agreed = agreement(generic, family, paidAtAgrees(generic, row.op))
    const groups = ['all', `family ${row.family}`, `variant ${row.family} | ${row.variant}`]
    for (const g of groups) receipts.set(g, (receipts.get(g) ?? 0) + 1)
    for (const [field, ok] of Object.entries(agreed) as [Scored, boolean][]) {
      for (const g of groups) add(g, field, ok)
      if (!ok && generic[field] !== null && (generic.confidence[field] ?? 0) >= 0.9) wrongConfident.n++
    }
  }
  console.log(
    '\n== leave-one-family-out: the generic reader with every family withheld, against the family reader ' +
      '(paid_at against MANIFEST.tsv); fields either side read; n = receipts',
  )
  console.log(`  ${'group'.padEnd(64)} ${scoredFields.map((f) => f.padStart(17)).join(' ')}`)
  const order = [...byGroup.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  for (const group of order) {
    const fields = byGroup.get(group)!
    const n = receipts.get(group) ?? 0
    const cells = scoredFields.map((f) => {
      const c = fields.get(f)
      return (c ? `${pct(c)} ${c.ok}/${c.n}` : '—').padStart(17)
    })
    console.log(`  ${`${group} n=${n}${fewMarker(n)}`.padEnd(64)} ${cells.join(' ')}`)
  }
  console.log(`  wrong generic values with confidence >= 0.9: ${wrongConfident.n}`)
}

function rank(group: string): number {
  if (group === 'all') return 0
  return group.startsWith('family ') ? 1 : 2
}
