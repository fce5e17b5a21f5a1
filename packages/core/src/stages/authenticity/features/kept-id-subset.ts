/**
 * Kept-id subsets: what an iText/OpenPDF-style subsetter writes, and so what a glyph added afterwards
 * betrays. Such a subsetter (TrueTypeFontSubSet: T-Bank's OpenPDF, Gazprombank's, Sberbank's iText 2.1.7)
 * keeps the font's glyph ids — Identity-H codes are the ids, every glyph the document did not use is an
 * empty slot — rebuilds only `glyf` and `loca` from the glyphs the text used (and their components), copies
 * `hmtx` whole, and writes /W and the ToUnicode CMap from the same used-glyph set. On a one-page receipt
 * that set is what the page draws. Hence three facts no such generator can produce, each hard:
 *  - an outlined glyph the page never draws (nor a drawn glyph's component): an outline added after the
 *    subset was made (a kit "enriching" the donor so any amount can be drawn later);
 *  - a /W or ToUnicode entry for a code the page never draws: an entry written after the subset;
 *  - a /W width that disagrees with the program's `hmtx` advance: the width was written from another font
 *    (a glyph borrowed from another weight or build) or edited.
 * Only fonts that are recognisably kept-id subsets are judged (Identity, embedded TrueType, mostly empty
 * slots), on one-page documents whose page has no form XObjects (text drawn in a form is not replayed).
 */
import type { CheckResult } from '@rv/schemas'
import type { PdfFontInfo, PdfStructure } from '../../../readers/pdf/structure/structure-types'
import type { DrawnRun } from './page-drawing'

export interface KeptIdSubsetFacts {
  /** Fonts judged: kept-id subsets the page draws with. */
  fonts: number
  /** Outlined glyphs no drawn code reaches (components of drawn glyphs and glyph 0 count as reached). */
  undrawnGlyphs: number
  /** Codes with a /W or ToUnicode entry that the page never draws. */
  undrawnEntries: number
  /** /W entries whose width differs from the program's advance by more than 1.5 thousandths. */
  widthMismatches: number
}

/** At least this many empty slots, and at least as many as outlined glyphs: not a compact subset. */
const MIN_EMPTY_SLOTS = 20

/** An embedded TrueType CID font with Identity mapping whose program keeps the full font's glyph ids. */
export function isKeptIdSubset(font: PdfFontInfo): boolean {
  const p = font.program
  if (font.subtype !== 'Type0' || font.cidToGid !== 'Identity' || p === null) return false
  if (font.embedded !== 'FontFile2' || font.subsetTag === null) return false
  const empty = p.numGlyphs - p.outlined.length
  return empty >= MIN_EMPTY_SLOTS && empty >= p.outlined.length
}

function reached(font: PdfFontInfo, drawn: ReadonlySet<number>): Set<number> {
  const components = font.program?.components ?? {}
  const seen = new Set<number>([0])
  const queue = [...drawn]
  while (queue.length > 0 && seen.size < 70_000) {
    const g = queue.pop()!
    if (seen.has(g)) continue
    seen.add(g)
    for (const part of components[g] ?? []) queue.push(part)
  }
  return seen
}

export function keptIdSubsetFacts(s: PdfStructure, runs: readonly DrawnRun[]): KeptIdSubsetFacts {
  const out: KeptIdSubsetFacts = { fonts: 0, undrawnGlyphs: 0, undrawnEntries: 0, widthMismatches: 0 }
  const page = s.pages[0]
  if (!page || s.pageCount !== 1 || page.forms.length > 0) return out
  for (const font of page.fonts) {
    const drawn = new Set(runs.filter((r) => r.font === font).flatMap((r) => r.codes))
    if (drawn.size === 0 || !isKeptIdSubset(font)) continue
    const program = font.program!
    out.fonts++
    const used = reached(font, drawn)
    out.undrawnGlyphs += program.outlined.filter((g) => !used.has(g)).length
    const entries = new Set([...Object.keys(font.widths), ...Object.keys(font.toUnicode)].map(Number))
    out.undrawnEntries += [...entries].filter((c) => !drawn.has(c)).length
    const scale = 1000 / program.unitsPerEm
    const last = program.advances[program.advances.length - 1] ?? 0
    for (const [code, width] of Object.entries(font.widths)) {
      const advance = (program.advances[Number(code)] ?? last) * scale
      if (Math.abs(advance - width) > 1.5) out.widthMismatches++
    }
  }
  return out
}

export function keptIdSubsetChecks(f: KeptIdSubsetFacts | undefined): CheckResult[] {
  if (!f || f.fonts === 0) return []
  const where = `in ${f.fonts} kept-id subset font(s)`
  return [
    {
      name: 'fonts.subset_undrawn_glyphs',
      hard: true,
      passed: f.undrawnGlyphs === 0,
      detail: `outlined glyphs the page never draws ${where}: expected 0 (the subsetter copies only the outlines the text uses); found ${f.undrawnGlyphs}`,
    },
    {
      name: 'fonts.subset_undrawn_entries',
      hard: true,
      passed: f.undrawnEntries === 0,
      detail: `/W or ToUnicode entries for codes the page never draws ${where}: expected 0 (written from the same used glyphs as the subset); found ${f.undrawnEntries}`,
    },
    {
      name: 'fonts.subset_width_vs_program',
      hard: true,
      passed: f.widthMismatches === 0,
      detail: `/W widths disagreeing with the program's advance ${where}: expected 0 (/W is computed from the hmtx the subset copies whole); found ${f.widthMismatches}`,
    },
  ]
}
