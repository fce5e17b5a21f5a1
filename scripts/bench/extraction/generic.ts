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
import { genericScoredFields } from '@rv/core/extraction'
import { generateReceipt, generatorFamilies } from '@rv/generator'
import type { ReceiptFields } from '@rv/schemas'

const scoredFields = genericScoredFields

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

/** Per-field agreement of the generic reader, per group (all, family, variant), with the receipts behind each. */
class GenericTally {
  private readonly byGroup = new Map<string, Map<Scored, Count>>()
  private readonly receipts = new Map<string, number>()
  private wrongConfident = 0

  add(
    groups: readonly string[],
    generic: ReceiptFields,
    reference: ReceiptFields,
    paidAtAgrees: boolean,
    hasReference = true,
  ): void {
    for (const g of groups) this.receipts.set(g, (this.receipts.get(g) ?? 0) + 1)
    const agreed = hasReference ? agreement(generic, reference, paidAtAgrees) : { paid_at: paidAtAgrees }
    for (const [field, ok] of Object.entries(agreed) as [Scored, boolean][]) {
      for (const g of groups) {
        const fields = this.byGroup.get(g) ?? new Map<Scored, Count>()
        const c = fields.get(field) ?? { ok: 0, n: 0 }
        c.n++
        if (ok) c.ok++
        fields.set(field, c)
        this.byGroup.set(g, fields)
      }
      if (!ok && generic[field] !== null && (generic.confidence[field] ?? 0) >= 0.9) this.wrongConfident++
    }
  }

  print(title: string): void {
    console.log(`\n== ${title}`)
    console.log(`  ${'group'.padEnd(64)} ${scoredFields.map((f) => f.padStart(17)).join(' ')}`)
    const order = [...this.byGroup.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    for (const group of order) {
      const fields = this.byGroup.get(group)!
      const n = this.receipts.get(group) ?? 0
      const cells = scoredFields.map((f) => {
        const c = fields.get(f)
        return (c ? `${pct(c)} ${c.ok}/${c.n}` : '—').padStart(17)
      })
      console.log(`  ${`${group} n=${n}${fewMarker(n)}`.padEnd(64)} ${cells.join(' ')}`)
    }
    console.log(`  wrong generic values with confidence >= 0.9: ${this.wrongConfident}`)
  }
}

/** @param paidAtAgrees the main bench's MANIFEST time rule (seconds exact, minutes within the SBP-id window) */
export async function benchGenericWithheld(
  dir: string,
  rows: readonly GenericRow[],
  paidAtAgrees: (fields: ReceiptFields, op: string) => boolean,
): Promise<void> {
  const tally = new GenericTally()
  let unrecognised = 0
  for (const row of rows) {
    const model = await parsePdf(new Uint8Array(readFileSync(join(dir, row.file))))
    const family = extractReceipt(model)
    const generic = extractReceipt(model, { families: [] }).fields
    const groups = ['all', `family ${row.family}`, `variant ${row.family} | ${row.variant}`]
    // A receipt its family reader does not recognise has no reference but the MANIFEST's time.
    const recognised = family.family !== 'unknown'
    if (!recognised) unrecognised++
    tally.add(groups, generic, family.fields, paidAtAgrees(generic, row.op), recognised)
  }
  tally.print(
    'leave-one-family-out, real receipts: the generic reader with every family withheld, against the family ' +
      'reader (paid_at against MANIFEST.tsv); fields either side read; n = receipts',
  )
  console.log(
    `  receipts the family reader does not recognise (only paid_at counted for them): ${unrecognised}`,
  )
}

/**
 * The same on generated receipts of every generator variant, against the generator's truth: it reaches
 * families and variants the real corpus lacks (Ozon, T-Bank's other variants), on a generator's bytes.
 */
export async function benchGenericGenerated(perVariant: number): Promise<void> {
  const tally = new GenericTally()
  for (const name of generatorFamilies) {
    const [family, variant] = name.split('/') as [string, string]
    for (let i = 0; i < perVariant; i++) {
      const { pdf, truth } = generateReceipt({ family, variant, seed: `generic-${i}` })
      const generic = extractReceipt(await parsePdf(pdf), { families: [] }).fields
      const groups = ['all', `family ${family}`, `variant ${family} | ${variant}`]
      tally.add(groups, generic, truth.fields, generic.paid_at === truth.fields.paid_at)
    }
  }
  tally.print(
    `leave-one-family-out, generated receipts (${perVariant} per variant): the generic reader against the ` +
      "generator's truth; n = receipts",
  )
}

function rank(group: string): number {
  if (group === 'all') return 0
  return group.startsWith('family ') ? 1 : 2
}
