/**
 * The third kit's font surgery on generated T-Bank donors (and on the real T-Bank receipts, read in place,
 * counts only, skipped when the corpus is absent): one clean revision with the new amount, outlines in the
 * subset's own empty slots with every other font table byte for byte, /W and ToUnicode in the generator's
 * format, trimmed or Info re-stamped per variant — and judged `forged` by the kept-id subset checks.
 */
import { drawPage, fingerprints, runAuthenticityChecks, verdictOf } from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf, parsePdfStructure } from '@rv/core/pdf'
import { generateReceipt } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { defaultCorpusRoot, readCorpus } from './corpus'
import { formatToUnicode, formatWidths } from './font-enrich'
import { fontObjects } from './font-resubset'
import { PdfFile } from './pdf-file'
import { fillSlots, readTables } from './sfnt-edit'
import type { ForgeryInput, ForgeryResult } from './technique-types'
import { techniqueById } from './techniques'

const VARIANTS = ['font_enrich', 'font_enrich_trim', 'font_enrich_trim_keywords'] as const

function donor(seed: number): ForgeryInput {
  const g = generateReceipt({ family: 'tbank', variant: 'sbp', seed })
  return { bytes: g.pdf, family: 'tbank', filename: g.filename }
}

const donors = [1, 2, 3, 4].map(donor)

function ok(r: ForgeryResult): Extract<ForgeryResult, { ok: true }> {
  if (!r.ok) throw new Error(`skipped: ${r.skipped}`)
  return r
}

const forge = (id: string, input: ForgeryInput, library: readonly ForgeryInput[] = donors) =>
  techniqueById(id)!.apply(input, { tmpDir: '/nonexistent', donors: library })

/** Font name → its program's tables and the ToUnicode/W entries, for the page's kept-id fonts. */
function fonts(bytes: Uint8Array) {
  const file = new PdfFile(bytes)
  const page = file.structure.pages[0]!
  const drawn = drawPage(page).runs
  return new Map(
    page.fonts
      .filter((f) => f.cidToGid === 'Identity')
      .map((f) => [
        f.name,
        {
          font: f,
          tables: readTables(file.decodedStream(fontObjects(file, f)!.program)),
          drawn: new Set(drawn.filter((r) => r.font === f).flatMap((r) => r.codes)),
        },
      ]),
  )
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

describe.each(VARIANTS)('%s on generated T-Bank donors', { timeout: 60_000 }, (id) => {
  const input = donors[0]!

  it('writes one revision that reads the new amount', async () => {
    const out = ok(await forge(id, input))
    const s = parsePdfStructure(out.bytes)
    expect(s.revisions).toHaveLength(1)
    expect(s.streams.every((x) => x.decodeError === null && !x.lengthMismatch)).toBe(true)
    const before = extractReceipt(await parsePdf(input.bytes)).fields.amount
    const after = extractReceipt(await parsePdf(out.bytes)).fields.amount
    expect(typeof after).toBe('number')
    expect(after).not.toBe(before)
  })

  it('puts each digit in its own empty slot and leaves every table but glyf and loca byte for byte', async () => {
    const before = fonts(input.bytes)
    const after = fonts(ok(await forge(id, input)).bytes)
    let added = 0
    for (const [name, a] of after) {
      const b = before.get(name)!
      for (const tag of a.tables.keys())
        if (tag !== 'glyf' && tag !== 'loca')
          expect(hex(a.tables.get(tag)!), `${name} ${tag}`).toBe(hex(b.tables.get(tag)!))
      const newGlyphs = a.font.program!.outlined.filter((g) => !b.font.program!.outlined.includes(g))
      added += newGlyphs.length
      // The glyph ids are the font's own: a donor of the same font draws that digit at that id.
      for (const g of newGlyphs)
        for (const d of donors.slice(1).flatMap((x) => [...fonts(x.bytes).values()]))
          if (d.font.name === name && d.font.toUnicode[g] !== undefined)
            expect(d.font.toUnicode[g]).toMatch(/^\d$/)
    }
    expect(added).toBeGreaterThan(0)
  })

  it("rewrites /W and ToUnicode in the generator's format (its own entries reproduce the original)", async () => {
    const out = new PdfFile(ok(await forge(id, input)).bytes)
    for (const f of out.structure.pages[0]!.fonts.filter((x) => x.cidToGid === 'Identity')) {
      const o = fontObjects(out, f)!
      const w = /\/W\s*\[[\s\S]*?\]\s*\]/.exec(out.objectText(o.cid))![0]
      const widths = new Map(Object.entries(f.widths).map(([c, x]) => [Number(c), x]))
      expect(formatWidths(w, widths)).toBe(w)
      const cmap = new TextDecoder('latin1').decode(out.decodedStream(o.toUnicode))
      const unicode = new Map(Object.entries(f.toUnicode).map(([c, x]) => [Number(c), x]))
      expect(formatToUnicode(cmap, unicode)).toBe(cmap)
    }
  })

  it('trims the entries of undrawn codes only when asked; outlines stay either way', async () => {
    const after = fonts(ok(await forge(id, input)).bytes)
    const undrawnEntries = [...after.values()].flatMap((a) =>
      Object.keys(a.font.toUnicode).filter((c) => !a.drawn.has(Number(c))),
    )
    const undrawnOutlines = [...after.values()].flatMap((a) =>
      a.font.program!.outlined.filter((g) => g > 0 && !a.drawn.has(g) && !(g in a.font.toUnicode)),
    )
    if (id === 'font_enrich') expect(undrawnEntries.length).toBeGreaterThan(0)
    else expect(undrawnEntries).toEqual([])
    expect(undrawnOutlines.length + undrawnEntries.length).toBeGreaterThan(0)
  })

  it('moves CreationDate, ModDate and the Keywords timestamp together only in the keywords variant', async () => {
    const info = parsePdfStructure(ok(await forge(id, input)).bytes).info!
    const original = parsePdfStructure(input.bytes).info!
    const stamp = (d: string) => d.slice(2, 16)
    expect(stamp(info['CreationDate']!)).toBe(stamp(info['ModDate']!))
    const k = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(info['Keywords']!)!
    expect(`${k[3]}${k[2]}${k[1]}${k[4]}${k[5]}${k[6]}`).toBe(stamp(info['CreationDate']!))
    if (id === 'font_enrich_trim_keywords') expect(info['CreationDate']).not.toBe(original['CreationDate'])
    else expect(info).toEqual(original)
  })

  it('is judged forged by the kept-id subset checks, whatever the Info says', async () => {
    for (const input of donors) {
      const out = ok(await forge(id, input))
      const checks = runAuthenticityChecks(parsePdfStructure(out.bytes), 'tbank', fingerprints['tbank']!)
      expect(verdictOf(checks)).toBe('forged')
      const hard = checks.filter((c) => c.hard && !c.passed).map((c) => c.name)
      expect(hard).toContain('fonts.subset_undrawn_glyphs')
      if (id === 'font_enrich') expect(hard).toContain('fonts.subset_undrawn_entries')
      else expect(hard).not.toContain('fonts.subset_undrawn_entries')
    }
  })
})

describe('font_enrich, the kit at its limits', () => {
  it('a digit no donor has in the same font comes from another weight, whose width the program contradicts', async () => {
    const out = ok(await forge('font_enrich_trim', donors[0]!))
    const checks = runAuthenticityChecks(parsePdfStructure(out.bytes), 'tbank', fingerprints['tbank']!)
    const borrowed = out.note.includes('(other weight)')
    expect(borrowed).toBe(true)
    expect(checks.find((c) => c.name === 'fonts.subset_width_vs_program')?.passed).toBe(false)
  })

  it('fillSlots with no glyph reproduces every font program byte for byte (the layout the kit imitates)', () => {
    const file = new PdfFile(donors[1]!.bytes)
    const programs = file.slices.flatMap((x) => {
      const m = /\/FontFile2\s+(\d+)/.exec(file.objectText(x.num))
      return m ? [file.decodedStream(Number(m[1]))] : []
    })
    expect(programs.length).toBeGreaterThanOrEqual(3)
    for (const program of programs) expect(hex(fillSlots(program, []))).toBe(hex(program))
  })

  it('says why it cannot apply: no library, a font that is not an Identity-H subset', async () => {
    const alone = await techniqueById('font_enrich')!.apply(donors[0]!, { tmpDir: '/nonexistent' })
    expect(alone).toEqual({
      ok: false,
      skipped: 'no other genuine receipt of the family to take glyphs from',
    })
    const g = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 1 })
    const vtb = await forge('font_enrich', { bytes: g.pdf, family: 'vtb', filename: g.filename })
    expect(vtb.ok).toBe(false)
  })
})

const real = readCorpus(defaultCorpusRoot).get('tbank') ?? []
describe.skipIf(real.length === 0)('font_enrich on the real T-Bank receipts (in place, counts only)', () => {
  it.each(VARIANTS)(
    '%s: every donor it can edit is judged forged',
    async (id) => {
      const library = real.map((f) => ({ bytes: f.bytes, family: 'tbank', filename: f.name }))
      let forged = 0
      let made = 0
      for (const input of library) {
        const r = await forge(id, input, library)
        if (!r.ok) continue
        made++
        const checks = runAuthenticityChecks(parsePdfStructure(r.bytes), 'tbank', fingerprints['tbank']!)
        if (verdictOf(checks) === 'forged') forged++
      }
      expect(made).toBeGreaterThanOrEqual(real.length - 1)
      expect(forged).toBe(made)
    },
    120_000,
  )
})
