/**
 * Per bank, variant and kind figures for `npm run bench:images` (`--by-variant`): how many pictures back each
 * figure, marked `(n<10)` under ten — a 100 % on three pictures says the reader carries over, not at what rate.
 * Aggregates only: counts and field names, never values.
 */
import { normalizeText } from '@rv/core/extraction'
import type { ReceiptFields } from '@rv/schemas'

interface GroupTally {
  n: number
  family: number
  /** Fields read exactly, per field name. */
  fields: Map<string, number>
  wrongConfidentAmount: number
}

const pct = (ok: number, n: number) => (n === 0 ? 'n/a' : `${((100 * ok) / n).toFixed(1)} %`)
const few = (n: number) => (n < 10 ? ' (n<10)' : '')

export class GroupTallies {
  private readonly groups = new Map<string, GroupTally>()
  constructor(private readonly fieldNames: readonly string[]) {}

  add(group: string, kind: string, familyOk: boolean, got: ReceiptFields, truth: ReceiptFields): void {
    const key = `${group}\t${kind}`
    const t = this.groups.get(key) ?? { n: 0, family: 0, fields: new Map(), wrongConfidentAmount: 0 }
    t.n++
    if (familyOk) t.family++
    for (const f of this.fieldNames) {
      const a = got[f as keyof ReceiptFields]
      const b = truth[f as keyof ReceiptFields]
      const ok =
        typeof a === 'string' && typeof b === 'string' ? normalizeText(a) === normalizeText(b) : a === b
      if (ok) t.fields.set(f, (t.fields.get(f) ?? 0) + 1)
    }
    if (got.amount !== null && got.amount !== truth.amount && (got.confidence['amount'] ?? 0) >= 0.9)
      t.wrongConfidentAmount++
    this.groups.set(key, t)
  }

  /** A Markdown table: one row per bank/variant × kind; the fields below 100 % named with their counts. */
  table(): string[] {
    const rows = [
      '| bank/variant | kind | pictures | family | lowest field | fields below 100 % | wrong amount ≥ 0.9 |',
      '|---|---|---:|---:|---:|---|---:|',
    ]
    for (const [key, t] of [...this.groups].sort(([a], [b]) => a.localeCompare(b))) {
      const [group, kind] = key.split('\t')
      const below = this.fieldNames
        .map((f) => [f, t.fields.get(f) ?? 0] as const)
        .filter(([, ok]) => ok < t.n)
      const lowest = Math.min(t.n, ...below.map(([, ok]) => ok))
      rows.push(
        `| ${group} | ${kind} | ${t.n}${few(t.n)} | ${pct(t.family, t.n)} | ${pct(lowest, t.n)} | ` +
          `${below.length === 0 ? '–' : below.map(([f, ok]) => `${f} ${ok}/${t.n}`).join(', ')} | ${t.wrongConfidentAmount} |`,
      )
    }
    return rows
  }
}
