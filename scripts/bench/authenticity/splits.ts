/**
 * The splits of `npm run bench:authenticity` that production meets and the k-fold hides (issue 16, item 5):
 *
 * Leave-one-generator-version-out: a family's receipts grouped by the generator that wrote them (Info
 * Producer + Creator: software names and versions, e.g. JasperReports 6.4.3 + iText 2.1.7 vs 6.20.3 +
 * OpenPDF); each version judged by the fingerprint learned on the family's receipts of every other version —
 * a bank's server upgraded, or a second server lineage never sampled.
 *
 * Leave-one-family-out: every receipt and every toolkit forgery read by the generic reader with every family
 * withheld and judged as a bank without a family (assess.ts: the bank-independent checks only). A genuine
 * receipt must not be `forged`; what the checks catch of the forgeries without knowing the bank is the floor
 * for any bank the project has no family for.
 *
 * Every figure carries its number of receipts; fewer than 10 is marked `(n<10)`.
 */

import type { Fingerprint, LearningSample } from '@rv/core/authenticity'
import { assessAuthenticity } from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { type LabelledSample, leaveOneVariantOut, type VariantRow } from './variants'

export const fewMarker = (n: number) => (n < 10 ? ' (n<10)' : '')

/** The generator lineage of one receipt: Info Producer and Creator as written (software names, no values). */
export function generatorVersionOf(sample: LearningSample): string {
  const c = sample.features.categorical
  // A build hash after a version (`6.20.3-415f9428…`) names a build, not a version.
  const part = (s: string | undefined) =>
    (s ?? '(none)')
      .replace(/-[0-9a-f]{7,}\b/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60)
  return `${part(c['producer'])} + ${part(c['creator'])}`
}

/**
 * One row per generator version of a family, judged by the fingerprint learned on the family's receipts of
 * every other version (`leaveOneVariantOut` over the samples relabelled by version). A family with one
 * version has nothing else to learn from: its row is judged by the committed fingerprint and says so.
 */
export function leaveOneVersionOut(
  family: string,
  samples: readonly LabelledSample[],
  committed: Fingerprint | undefined,
): VariantRow[] {
  const relabelled = samples.map((s) => ({ ...s, variant: generatorVersionOf(s.sample) }))
  return leaveOneVariantOut(family, relabelled, committed).map((row) => ({
    ...row,
    model: row.model.startsWith('learned on ')
      ? row.model.replace('variant(s)', 'version(s)')
      : `committed (${row.model}): fewer than 2 receipts of other versions, not held out`,
  }))
}

interface WithheldRow {
  receipts: number
  forged: number
  unknown: number
  other: number
  /** Hard check → receipts it failed on. */
  hard: Map<string, number>
}

const newRow = (): WithheldRow => ({ receipts: 0, forged: 0, unknown: 0, other: 0, hard: new Map() })

/** Tallies of the family-withheld judgement: genuine receipts per family and variant, forgeries per technique. */
export class FamilyWithheld {
  private readonly rows = new Map<string, WithheldRow>()

  /** `groups`: the rows this judgement counts in (e.g. `genuine · alfa`, `genuine · alfa · <variant>`). */
  async judge(bytes: Uint8Array, groups: readonly string[]): Promise<void> {
    let verdict = 'rejected'
    let failed: string[] = []
    try {
      const model = await parsePdf(bytes)
      const assessed = assessAuthenticity(model, extractReceipt(model, { families: [] }), {}, {})
      verdict = assessed.verdict ?? 'null'
      failed = assessed.checks.filter((c) => c.hard && !c.passed).map((c) => c.name)
    } catch {
      // Unreadable: the pipeline stops it before authenticity; never `genuine`.
    }
    for (const g of groups) {
      const row = this.rows.get(g) ?? newRow()
      row.receipts++
      if (verdict === 'forged' || verdict === 'rejected') row.forged++
      else if (verdict === 'unknown') row.unknown++
      else row.other++
      for (const name of failed) row.hard.set(name, (row.hard.get(name) ?? 0) + 1)
      this.rows.set(g, row)
    }
  }

  table(): string[] {
    const lines = [
      '| receipts (family withheld) | n | `forged` (or unreadable) | `unknown` | other verdict | hard checks failed (receipts) |',
      '|---|---:|---:|---:|---:|---|',
    ]
    // Genuine before forgeries; within each, all, then per family (or technique), then per variant.
    const rank = (g: string) => (g.endsWith(' · all') ? 0 : g.split(' · ').length - 1)
    const order = [...this.rows].sort(
      (a, b) =>
        Number(a[0].startsWith('forgery')) - Number(b[0].startsWith('forgery')) ||
        rank(a[0]) - rank(b[0]) ||
        a[0].localeCompare(b[0]),
    )
    for (const [group, r] of order) {
      const hard = [...r.hard]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([n, c]) => `${n} ×${c}`)
        .join(', ')
      const share = r.receipts === 0 ? '–' : `${((100 * r.forged) / r.receipts).toFixed(1)} %`
      lines.push(
        `| ${group} | ${r.receipts}${fewMarker(r.receipts)} | ${r.forged} (${share}) | ${r.unknown} | ${r.other} | ${hard} |`,
      )
    }
    return lines
  }
}
