/**
 * The third kit's font surgery (@rv/forgery font_enrich, _trim, _trim_keywords) for `npm run
 * bench:authenticity`: how many are judged not `genuine`, per variant of the technique and per donor
 * source — the real T-Bank receipts (forged in the main loop, judged by the held-out fold's model) and
 * generated T-Bank donors of every generator variant and several seeds (judged by the fingerprint learned
 * on all real T-Bank receipts) — and, beside it, the verdict the same forgery gets with the kept-id subset
 * checks taken out (what the other checks, timing and Info ones included, would make of it alone).
 * Aggregates only: counts and check names, never a value or a file name.
 */

import type { Fingerprint, LearningSample } from '@rv/core/authenticity'
import { checksOfSample, sampleOf, scoreVerdict, stratumOf } from '@rv/core/authenticity'
import { parsePdfStructure } from '@rv/core/pdf'
import { type ForgeryInput, techniques } from '@rv/forgery'
import { generateReceipt, generatorFamilies } from '@rv/generator'
import type { CheckResult } from '@rv/schemas'

/** The techniques measured here: the third kit's. */
export const FONT_SURGERY = techniques.filter((t) => t.id.startsWith('font_enrich'))

/** The checks whose contribution the "without" column takes out. */
const KEPT_ID = (c: CheckResult) => c.name.startsWith('fonts.subset_')

interface Row {
  made: number
  notGenuine: number
  forged: number
  /** Not genuine once the kept-id subset checks are taken out. */
  notGenuineWithout: number
  skipped: Map<string, number>
  /** Hard checks that failed → forgeries. */
  hard: Map<string, number>
}

const rows = new Map<string, Row>()

function row(source: string, technique: string): Row {
  const key = `${source}\t${technique}`
  const r = rows.get(key) ?? {
    made: 0,
    notGenuine: 0,
    forged: 0,
    notGenuineWithout: 0,
    skipped: new Map(),
    hard: new Map(),
  }
  rows.set(key, r)
  return r
}

/** Tallies one forgery's checks (unscored, as checksOfSample gives them) under `source`. */
export function tallyFontSurgery(
  source: string,
  technique: string,
  checks: readonly CheckResult[],
  fp: Fingerprint,
  sample: LearningSample,
): void {
  const r = row(source, technique)
  const all = scoreVerdict(checks, fp, stratumOf(sample))
  const without = scoreVerdict(
    checks.filter((c) => !KEPT_ID(c)),
    fp,
    stratumOf(sample),
  )
  r.made++
  if (all.verdict !== 'genuine') r.notGenuine++
  if (all.verdict === 'forged') r.forged++
  if (without.verdict !== 'genuine') r.notGenuineWithout++
  for (const c of checks) if (c.hard && !c.passed) r.hard.set(c.name, (r.hard.get(c.name) ?? 0) + 1)
}

export function skippedFontSurgery(source: string, technique: string, reason: string): void {
  const r = row(source, technique)
  r.skipped.set(reason, (r.skipped.get(reason) ?? 0) + 1)
}

/**
 * Generated T-Bank donors: `seeds` receipts of every T-Bank generator variant; each is forged with the
 * other receipts of its variant as the kit's glyph library and judged by `fp`.
 */
export async function fontSurgeryGenerated(fp: Fingerprint | undefined, seeds: number): Promise<void> {
  if (!fp || seeds < 1) return
  for (const id of generatorFamilies.filter((f) => f.startsWith('tbank/'))) {
    const variant = id.split('/')[1]!
    const donors: ForgeryInput[] = Array.from({ length: seeds }, (_, seed) => {
      const g = generateReceipt({ family: 'tbank', variant, seed: `font-surgery-${seed}` })
      return { bytes: g.pdf, family: 'tbank', filename: g.filename }
    })
    for (const input of donors) {
      for (const technique of FONT_SURGERY) {
        const out = await technique.apply(input, { tmpDir: '/nonexistent', donors })
        if (!out.ok) {
          skippedFontSurgery('generated', technique.id, out.skipped)
          continue
        }
        const sample = { ...sampleOf(parsePdfStructure(out.bytes), 'tbank', out.filename), variant }
        tallyFontSurgery('generated', technique.id, checksOfSample(sample, fp), fp, sample)
      }
    }
  }
}

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`)

export function fontSurgeryTable(seeds: number): string[] {
  if (rows.size === 0) return []
  const lines = [
    '## Font surgery (the third kit: subsets enriched with glyphs)',
    '',
    `@rv/forgery \`font_enrich\` (every digit a subset of the amount's fonts lacks added from other genuine receipts of the family, outlines in their own empty slots, /W and ToUnicode rewritten in the generator's format, amount redrawn, one revision), \`font_enrich_trim\` (then /W and ToUnicode entries of undrawn codes trimmed) and \`font_enrich_trim_keywords\` (and CreationDate, ModDate and the Keywords timestamp moved together to a fresh download of the printed operation). ` +
      `Real donors: the T-Bank receipts, read in place, the other receipts of the family as the glyph library, judged by the held-out fold's model (as above). Generated donors: ${seeds} receipts per T-Bank generator variant, the other receipts of the variant as the library, judged by the fingerprint learned on all real T-Bank receipts. ` +
      'Target: ≥ 95 % not `genuine`. "Without kept-id checks": the same forgeries judged with `fonts.subset_*` taken out.',
    '',
    '| donors | technique | forgeries | not genuine | forged | not genuine without kept-id checks | hard checks failed (forgeries) | skipped (reason × count) |',
    '|---|---|---:|---:|---:|---:|---|---|',
  ]
  for (const [key, r] of [...rows].sort((a, b) => a[0].localeCompare(b[0]))) {
    const [source, id] = key.split('\t')
    const hard = [...r.hard].map(([n, c]) => `${n} ×${c}`).join(', ')
    const skips = [...r.skipped].map(([n, c]) => `${n} ×${c}`).join('; ')
    lines.push(
      `| ${source} | ${id} | ${r.made} | ${r.notGenuine} (${pct(r.notGenuine, r.made)}) | ${r.forged} | ${r.notGenuineWithout} (${pct(r.notGenuineWithout, r.made)}) | ${hard} | ${skips} |`,
    )
  }
  lines.push('')
  return lines
}
