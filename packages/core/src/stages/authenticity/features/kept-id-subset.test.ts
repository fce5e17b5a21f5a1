/**
 * Kept-id subsets against what the page draws, on a committed synthetic T-Bank receipt (fixtures/generated,
 * made by @rv/generator: no real content; its fonts are kept-id subsets as OpenPDF writes them). Each
 * font surgery the third kit performs is applied to the parsed structure and must be judged `forged` by
 * its own hard check, whatever else passes.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/index'
import type { PdfFontInfo, PdfStructure } from '../../../readers/pdf/structure/structure-types'
import { fingerprints } from '../fingerprint/fingerprints'
import { checksOfSample } from '../judging/assess'
import { scoreVerdict } from '../judging/verdict-score'
import { documentFeatures } from './features'
import { isKeptIdSubset, keptIdSubsetChecks, keptIdSubsetFacts } from './kept-id-subset'
import { drawPage } from './page-drawing'
import { readPrintedFacts } from './printed-facts'

const path = fileURLToPath(
  new URL('../../../../../../fixtures/generated/tbank/receipt_sbp_45.pdf', import.meta.url),
)
const genuine = parsePdfStructure(new Uint8Array(readFileSync(path)))

/** The structure with one font (the kept-id subset drawing the fewest codes: the amount's) changed. */
function edited(change: (font: PdfFontInfo, drawn: Set<number>) => PdfFontInfo): PdfStructure {
  const page = genuine.pages[0]!
  const runs = drawPage(page).runs
  const target = page.fonts
    .filter(isKeptIdSubset)
    .sort((a, b) => Object.keys(a.widths).length - Object.keys(b.widths).length)[0]!
  const drawn = new Set(runs.filter((r) => r.font === target).flatMap((r) => r.codes))
  const fonts = page.fonts.map((f) => (f === target ? change(f, drawn) : f))
  return { ...genuine, pages: [{ ...page, fonts }, ...genuine.pages.slice(1)] }
}

/** An empty slot of the font's program the page never draws: a glyph the subsetter left out. */
function emptySlot(font: PdfFontInfo, drawn: Set<number>): number {
  const outlined = new Set(font.program!.outlined)
  return [...Array(font.program!.numGlyphs).keys()].find((g) => g > 0 && !outlined.has(g) && !drawn.has(g))!
}

function judged(s: PdfStructure) {
  const features = documentFeatures(s)
  const sample = { features, facts: readPrintedFacts('tbank', features.segments, s) }
  const scored = scoreVerdict(checksOfSample(sample, fingerprints['tbank']!), fingerprints['tbank']!, {})
  return {
    verdict: scored.verdict,
    failed: scored.checks.filter((c) => !c.passed && c.hard).map((c) => c.name),
  }
}

describe('kept-id subsets (the bank subsetter writes exactly the drawn glyphs)', () => {
  it('the genuine receipt: two kept-id fonts, nothing undrawn, widths as the program', () => {
    const f = keptIdSubsetFacts(genuine, drawPage(genuine.pages[0]!).runs)
    expect(f).toEqual({ fonts: 2, undrawnGlyphs: 0, undrawnEntries: 0, widthMismatches: 0 })
    expect(keptIdSubsetChecks(f).every((c) => c.hard && c.passed)).toBe(true)
    expect(judged(genuine)).toEqual({ verdict: 'genuine', failed: [] })
  })

  it('an outline added in an empty slot and never drawn (the kit enriching the subset): forged', () => {
    const s = edited((font, drawn) => {
      const program = font.program!
      return { ...font, program: { ...program, outlined: [...program.outlined, emptySlot(font, drawn)] } }
    })
    expect(judged(s)).toEqual({ verdict: 'forged', failed: ['fonts.subset_undrawn_glyphs'] })
  })

  it('/W and ToUnicode entries for a code never drawn (enriched, not trimmed): forged', () => {
    const s = edited((font, drawn) => {
      const gid = emptySlot(font, drawn)
      const advance = Math.round((font.program!.advances[gid]! * 1000) / font.program!.unitsPerEm)
      return {
        ...font,
        widths: { ...font.widths, [gid]: advance },
        toUnicode: { ...font.toUnicode, [gid]: '7' },
      }
    })
    expect(judged(s)).toEqual({ verdict: 'forged', failed: ['fonts.subset_undrawn_entries'] })
  })

  it("a drawn code's /W width that is not the program's advance (a glyph of another weight): forged", () => {
    const s = edited((font, drawn) => {
      const code = [...drawn][0]!
      return { ...font, widths: { ...font.widths, [code]: font.widths[code]! + 40 } }
    })
    expect(judged(s)).toEqual({ verdict: 'forged', failed: ['fonts.subset_width_vs_program'] })
  })

  it('a width within rounding of the advance passes', () => {
    const s = edited((font, drawn) => {
      const code = [...drawn][0]!
      return { ...font, widths: { ...font.widths, [code]: font.widths[code]! + 1 } }
    })
    expect(judged(s).failed).toEqual([])
  })

  it('judges no compact subset, no multi-page document and no page with forms', () => {
    const runs = drawPage(genuine.pages[0]!).runs
    const compact = edited((font) => ({
      ...font,
      program: { ...font.program!, numGlyphs: font.program!.outlined.length + 1 },
    }))
    expect(keptIdSubsetFacts(compact, runs).fonts).toBe(1)
    expect(keptIdSubsetFacts({ ...genuine, pageCount: 2 }, runs).fonts).toBe(0)
    const withForm = { ...genuine, pages: [{ ...genuine.pages[0]!, forms: ['Fm1'] }] }
    expect(keptIdSubsetFacts(withForm, runs).fonts).toBe(0)
    expect(keptIdSubsetChecks({ fonts: 0, undrawnGlyphs: 3, undrawnEntries: 0, widthMismatches: 0 })).toEqual(
      [],
    )
  })
})
