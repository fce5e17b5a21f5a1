/**
 * The techniques of real kits (re-compression, kerning, alignment on the grid, re-subsetting, copied
 * identity) on generated receipts of every family with real receipts: each output is a valid single
 * revision that our extraction reads with the new value, and carries the trace the technique stands for.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf, parsePdfStructure } from '@rv/core/pdf'
import { generateReceipt } from '@rv/generator'
import { afterAll, describe, expect, it } from 'vitest'
import { pageGrid } from './alignment-techniques'
import { type CorpusFile, defaultCorpusRoot, readCorpus } from './corpus'
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { amountRuns, factsOf } from './targets'
import type { ForgeryInput, ForgeryResult } from './technique-types'
import { techniqueById } from './techniques'

const tmp = mkdtempSync(join(tmpdir(), 'rv-kit-test-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const FAMILIES = [
  ['vtb', 'sbp_outgoing'],
  ['alfa', 'sbp'],
  ['tbank', 'sbp'],
  ['gazprombank', 'sbp'],
] as const

function receipt(family: string, variant: string, seed: number, amount?: number): ForgeryInput {
  const g = generateReceipt({ family, variant, seed, overrides: amount ? { amount } : {} })
  return { bytes: g.pdf, family, filename: g.filename }
}

async function forge(id: string, input: ForgeryInput, partner?: ForgeryInput): Promise<ForgeryResult> {
  return techniqueById(id)!.apply(input, { tmpDir: mkdtempSync(join(tmp, 'f-')), partner })
}

function ok(r: ForgeryResult): Extract<ForgeryResult, { ok: true }> {
  if (!r.ok) throw new Error(`skipped: ${r.skipped}`)
  return r
}

async function fields(bytes: Uint8Array) {
  return extractReceipt(await parsePdf(bytes)).fields
}

/** The content stream's raw bytes and the other streams' raw bytes, by object number. */
function streams(bytes: Uint8Array) {
  const file = new PdfFile(bytes)
  const content = file.structure.pages[0]!.contentStreamNums
  const other = file.structure.streams.filter((s) => !content.includes(s.num))
  return {
    content: file.structure.streams.filter((s) => content.includes(s.num)),
    other: new Map(other.map((s) => [s.num, Buffer.from(file.streamBody(s.num)).toString('hex')])),
  }
}

const AMOUNT_TECHNIQUES = [
  'recompress_zlib_l1',
  'recompress_zlib_l9',
  'recompress_node_l1',
  'recompress_fflate',
  'kerning_tj_edge',
  'kerning_tj_inner',
  'amount_patch_grid_aligned',
  'amount_td_wrapped',
  'resubset_appended_glyph',
  'id_dates_copied',
]

// pdf.js warms up on the first extraction; the machine is shared.
describe.each(FAMILIES)('kit techniques on generated %s receipts', { timeout: 60_000 }, (family, variant) => {
  const input = receipt(family, variant, 1)
  const partner = receipt(family, variant, 2)

  it.each(AMOUNT_TECHNIQUES)('%s: one clean revision, extraction reads the new amount', async (id) => {
    const out = ok(await forge(id, input, partner))
    const s = parsePdfStructure(out.bytes)
    expect(s.revisions).toHaveLength(1)
    expect(s.streams.every((x) => x.decodeError === null && !x.lengthMismatch)).toBe(true)
    const before = (await fields(input.bytes)).amount
    const after = (await fields(out.bytes)).amount
    expect(typeof after).toBe('number')
    expect(after).not.toBe(before)
    expect(amountRuns(new PageEditor(new PdfFile(out.bytes)), family)[0]?.text).not.toBe(
      amountRuns(new PageEditor(new PdfFile(input.bytes)), family)[0]?.text,
    )
  })

  it('re-compresses only the edited content stream, at the level or with the deflater named', async () => {
    const original = streams(input.bytes)
    for (const [id, level] of [
      ['recompress_zlib_l1', 1],
      ['recompress_zlib_l9', 9],
      ['recompress_node_l1', null],
      ['recompress_fflate', null],
    ] as const) {
      const out = streams(ok(await forge(id, input)).bytes)
      expect(out.content.map((c) => c.classicZlibLevel)).toEqual([level])
      expect(out.other).toEqual(original.other)
    }
    expect(original.content.map((c) => c.classicZlibLevel)).toEqual([6])
  })

  it('kerning techniques draw the amount with TJ adjustments and keep every text position', async () => {
    const before = new PageEditor(new PdfFile(input.bytes))
    const run0 = amountRuns(before, family)[0]!
    for (const id of ['kerning_tj_edge', 'kerning_tj_inner']) {
      const after = new PageEditor(new PdfFile(ok(await forge(id, input)).bytes))
      const run1 = amountRuns(after, family)[0]!
      expect(run1.op).toBe('TJ')
      // Where the new digits change the width (proportional digits), new adjustments absorb it.
      const width = (r: typeof run0) => r.codes.reduce((n, c) => n + (r.font!.widths[c] ?? 0), 0)
      if (width(run1) !== width(run0)) expect(run1.kerns.some((k) => !run0.kerns.includes(k))).toBe(true)
      expect(run1.x0).toBeCloseTo(run0.x0, 2)
      expect(run1.x1).toBeCloseTo(run0.x1, 2)
      const positions = (e: PageEditor) =>
        e.ops.filter((o) => o.op === 'Tm' || o.op === 'Td').map((o) => o.operands)
      expect(positions(after)).toEqual(positions(before))
    }
  })

  it('amount_patch_grid_aligned keeps every position on the page grid', async () => {
    const out = ok(await forge('amount_patch_grid_aligned', input))
    const step = pageGrid(new PageEditor(new PdfFile(input.bytes)).ops)
    expect(step).not.toBeNull()
    expect(pageGrid(new PageEditor(new PdfFile(out.bytes)).ops)).toBeGreaterThanOrEqual(step!)
  })

  it('amount_td_wrapped keeps the right edge and every Tm', async () => {
    const tms = (e: PageEditor) => e.ops.filter((o) => o.op === 'Tm').map((o) => o.operands)
    const before = new PageEditor(new PdfFile(input.bytes))
    const after = new PageEditor(new PdfFile(ok(await forge('amount_td_wrapped', input)).bytes))
    expect(tms(after)).toEqual(tms(before))
    expect(amountRuns(after, family)[0]!.x1).toBeCloseTo(amountRuns(before, family)[0]!.x1, 2)
  })

  it('resubset_appended_glyph draws the new digit with a glyph added after the subset', async () => {
    const out = ok(await forge('resubset_appended_glyph', input))
    const fontOf = (b: Uint8Array) => amountRuns(new PageEditor(new PdfFile(b)), family)[0]!.font!
    const [f0, f1] = [fontOf(input.bytes), fontOf(out.bytes)]
    expect(f1.program!.numGlyphs).toBeGreaterThan(f0.program!.numGlyphs)
    const added = amountRuns(new PageEditor(new PdfFile(out.bytes)), family)[0]!.codes.filter(
      (c) => f0.toUnicode[c] === undefined,
    )
    expect(added).toHaveLength(1)
    expect(f1.toUnicode[added[0]!]).toMatch(/^\d$/)
    const w = f1.widths[added[0]!]!
    const gid = f1.cidToGid === 'stream' ? f1.cidToGidMap[added[0]!]! : added[0]!
    expect(Math.abs((f1.program!.advances[gid]! * 1000) / f1.program!.unitsPerEm - w)).toBeLessThan(1.5)
  })

  it('date techniques move the printed date and keep the SBP id time consistent', async () => {
    const f0 = factsOf(new PageEditor(new PdfFile(input.bytes)), family)
    const kept = ok(await forge('date_patch_metadata_kept', input))
    const f1 = factsOf(new PageEditor(new PdfFile(kept.bytes)), family)
    expect(f1.operation!.epoch).toBe(f0.operation!.epoch - 86400)
    expect(f1.idTimeSlack).toBe(f0.idTimeSlack)
    const [s0, s1] = [parsePdfStructure(input.bytes), parsePdfStructure(kept.bytes)]
    expect(s1.trailer.id).toEqual(s0.trailer.id)
    expect(s1.info['CreationDate']).toBe(s0.info['CreationDate'])
    expect((await fields(kept.bytes)).paid_at).not.toBe((await fields(input.bytes)).paid_at)

    const copied = ok(await forge('date_copied_from_partner', input, partner))
    const f2 = factsOf(new PageEditor(new PdfFile(copied.bytes)), family)
    const fp = factsOf(new PageEditor(new PdfFile(partner.bytes)), family)
    const day = (t: number) => Math.floor((t + 3 * 3600) / 86400)
    expect(day(f2.operation!.epoch)).toBe(day(fp.operation!.epoch))
    expect(f2.idTimeSlack).toBe(f0.idTimeSlack)
    const [sp, s2] = [parsePdfStructure(partner.bytes), parsePdfStructure(copied.bytes)]
    expect(s2.trailer.id).toEqual(sp.trailer.id)
    expect(s2.info['CreationDate']).toBe(sp.info['CreationDate'])
  })

  it('id_dates_copied carries the partner /ID and metadata dates', async () => {
    const out = parsePdfStructure(ok(await forge('id_dates_copied', input, partner)).bytes)
    const p = parsePdfStructure(partner.bytes)
    expect(out.trailer.id).toEqual(p.trailer.id)
    expect(out.trailer.id).not.toEqual(parsePdfStructure(input.bytes).trailer.id)
    expect(out.info['CreationDate']).toBe(p.info['CreationDate'])
  })
})

describe('techniques that cannot apply say why', () => {
  const vtb = receipt('vtb', 'sbp_outgoing', 1)
  it.each(['date_copied_from_partner', 'id_dates_copied'])('%s without a partner', async (id) => {
    expect(await forge(id, vtb)).toEqual({ ok: false, skipped: 'no second receipt of the family' })
  })
  it('resubset_missing_digit when the subset already holds every digit', async () => {
    const r = await forge('resubset_missing_digit', vtb, receipt('vtb', 'sbp_outgoing', 2))
    expect(r).toEqual({
      ok: false,
      skipped: 'the subset holds every digit a changed amount needs: nothing to re-subset',
    })
  })
})

describe('resubset_missing_digit', { timeout: 60_000 }, () => {
  it('copies a digit the subset lacks from a donor receipt into the font', async () => {
    // A T-Bank total of 200 leaves its subset without «3»; the donor's total holds every digit.
    const input = receipt('tbank', 'sbp', 1, 200)
    const donor = receipt('tbank', 'sbp', 2, 3456789)
    const out = ok(await forge('resubset_missing_digit', input, donor))
    expect((await fields(input.bytes)).amount).toBe(200)
    expect((await fields(out.bytes)).amount).toBe(300)
    const s = parsePdfStructure(out.bytes)
    expect(s.revisions).toHaveLength(1)
    const font = amountRuns(new PageEditor(new PdfFile(out.bytes)), 'tbank')[0]!.font!
    const code = Number(Object.entries(font.toUnicode).find(([, u]) => u === '3')![0])
    expect(font.program!.outlined).toContain(code)
  })
})

// Real receipts are read in place; only facts about the edit are asserted, never values.
const corpus = existsSync(defaultCorpusRoot) ? readCorpus() : new Map<string, CorpusFile[]>()
const realWithIds = ['vtb', 'alfa'].flatMap((family) =>
  (corpus.get(family) ?? []).map((f, i) => ({ family, index: i + 1, bytes: f.bytes, name: f.name })),
)

describe.skipIf(realWithIds.length === 0)(
  'Td-wrapped amounts on the real VTB receipts',
  { timeout: 60_000 },
  () => {
    it('wraps the moved amounts in Td pairs and keeps their right edge', async () => {
      let wrapped = 0
      for (const f of realWithIds.filter((x) => x.family === 'vtb')) {
        const out = ok(await forge('amount_td_wrapped', { bytes: f.bytes, family: 'vtb', filename: f.name }))
        const [e0, e1] = [f.bytes, out.bytes].map((b) => new PageEditor(new PdfFile(b)))
        const tds = (e: PageEditor) => e.ops.filter((o) => o.op === 'Td').length
        if (tds(e1!) > tds(e0!)) wrapped++
        expect(amountRuns(e1!, 'vtb')[0]!.x1).toBeCloseTo(amountRuns(e0!, 'vtb')[0]!.x1, 2)
      }
      expect(wrapped).toBeGreaterThan(0)
    })
  },
)

describe.skipIf(realWithIds.length === 0)(
  'consistent date edits on the real receipts',
  { timeout: 60_000 },
  () => {
    it.each(realWithIds)(
      '$family #$index: the SBP id time moves with the printed date',
      async ({ family, bytes, name }) => {
        const r = await forge('date_patch_metadata_kept', { bytes, family, filename: name })
        if (!r.ok) return // a digit the subset lacks: reported, not forged
        const [before, after] = [bytes, r.bytes].map((b) => factsOf(new PageEditor(new PdfFile(b)), family))
        expect(after!.operation!.epoch).toBe(before!.operation!.epoch - 86400)
        expect(after!.idTimeSlack).toBe(before!.idTimeSlack)
      },
    )
  },
)
