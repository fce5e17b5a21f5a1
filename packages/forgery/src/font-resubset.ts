/**
 * Amount patches that re-subset the embedded font, as kits do when the new text needs glyphs: the new
 * digit's outline is added to the TrueType subset (glyf/loca/hmtx/maxp), its code to /W, the ToUnicode
 * CMap, the CIDToGIDMap and the CIDSet where the font has them; every old glyph stays in place.
 *  - missing: the new amount needs a digit the subset lacks; its outline comes from another genuine
 *    receipt of the family (the donor), at the donor's code where that code is free;
 *  - appended: the new digit is added again as a fresh glyph after the subset (an editor that embeds the
 *    glyphs of the text it typed without reusing the subset's own), outline taken from the font itself.
 * The font's `cmap` table (absent from most bank subsets) is not updated: Identity-H text never uses it.
 */
import type { PdfFontInfo } from '@rv/core/pdf'
import { alignOf, result } from './edit-techniques'
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { glyphCount, glyphOf, readTables, unitsPerEm, withGlyphs } from './sfnt-edit'
import { amountRuns, changedAmounts } from './targets'
import { type ForgeryResult, skipped, type Technique } from './technique-types'

type Mode = 'missing' | 'appended'

export const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase()
const refOf = (text: string, key: string) => {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(text)
  return m ? Number(m[1]) : null
}

/** Objects of a Type0 font: the font, its CIDFont, descriptor, program, ToUnicode, maps. */
export function fontObjects(file: PdfFile, font: PdfFontInfo) {
  const base = `/BaseFont\\s*/${font.baseFont.replace(/[.+]/g, '\\$&')}(?![\\w+-])`
  const type0 = file.slices.find((s) => {
    const t = file.objectText(s.num)
    return /\/Subtype\s*\/Type0/.test(t) && new RegExp(base).test(t)
  })?.num
  if (type0 === undefined) return null
  const cid = Number(/\/DescendantFonts\s*\[\s*(\d+)/.exec(file.objectText(type0))?.[1] ?? Number.NaN)
  const descriptor = refOf(file.objectText(cid), 'FontDescriptor')
  const program = descriptor === null ? null : refOf(file.objectText(descriptor), 'FontFile2')
  const toUnicode = refOf(file.objectText(type0), 'ToUnicode')
  if (Number.isNaN(cid) || descriptor === null || program === null || toUnicode === null) return null
  return {
    cid,
    program,
    toUnicode,
    cidSet: refOf(file.objectText(descriptor), 'CIDSet'),
    cidToGid: refOf(file.objectText(cid), 'CIDToGIDMap'),
    widths: refOf(file.objectText(cid), 'W'),
  }
}

/** `text` with `entry` added before the closing bracket of the array that follows `/W`. */
function addWidth(text: string, entry: string, inObject: boolean): string {
  const start = inObject ? text.indexOf('[') : text.search(/\/W\s*\[/)
  if (start < 0) return text.replace(/>>(?![\s\S]*>>)/, `/W [${entry}] >>`)
  let depth = 0
  for (let i = text.indexOf('[', start); i < text.length; i++) {
    if (text[i] === '[') depth++
    else if (text[i] === ']' && --depth === 0) return `${text.slice(0, i)} ${entry}${text.slice(i)}`
  }
  return text
}

interface NewGlyph {
  code: number
  gid: number
  bytes: Uint8Array
  advance: number
  width: number
  unicode: string
}

/** Where the new digit comes from and which code and glyph id it gets. */
function plan(file: PdfFile, font: PdfFontInfo, digit: string, mode: Mode, donor: PdfFile | null) {
  const objects = fontObjects(file, font)!
  const tables = readTables(file.decodedStream(objects.program))
  const used = new Set([...Object.keys(font.toUnicode), ...Object.keys(font.widths)].map(Number))
  const freshCode = Math.max(...used) + 1
  const n = glyphCount(tables)
  if (mode === 'appended') {
    const code = Number(Object.entries(font.toUnicode).find(([, u]) => u === digit)?.[0])
    const glyph = glyphOf(tables, font.cidToGid === 'stream' ? (font.cidToGidMap[code] ?? 0) : code)
    if (!glyph || glyph.bytes.length === 0) return null
    const viaMap = objects.cidToGid !== null
    const newCode = viaMap ? freshCode : Math.max(n, freshCode)
    return {
      code: newCode,
      gid: viaMap ? n : newCode,
      bytes: glyph.bytes,
      advance: glyph.advance,
      width: font.widths[code]!,
      unicode: digit,
    }
  }
  const donorFont = donor?.structure.pages[0]?.fonts.find((f) => f.name === font.name && f.program)
  const donorCode = Number(Object.entries(donorFont?.toUnicode ?? {}).find(([, u]) => u === digit)?.[0])
  if (!donor || !donorFont || Number.isNaN(donorCode)) return null
  const donorObjects = fontObjects(donor, donorFont)
  if (!donorObjects) return null
  const donorTables = readTables(donor.decodedStream(donorObjects.program))
  if (unitsPerEm(donorTables) !== unitsPerEm(tables)) return null
  const donorGid = donorFont.cidToGid === 'stream' ? (donorFont.cidToGidMap[donorCode] ?? 0) : donorCode
  const glyph = glyphOf(donorTables, donorGid)
  // A composite glyph points at the donor's glyph ids: a kit copying it would have to copy its parts.
  if (!glyph || glyph.bytes.length < 2 || (glyph.bytes[0]! & 0x80) !== 0) return null
  const codeFree = !used.has(donorCode)
  let code = codeFree ? donorCode : freshCode
  let gid = n
  if (objects.cidToGid === null) {
    // Identity: the code is the glyph id. Fill the donor's slot when it is an empty one in this subset.
    const slotEmpty = codeFree && donorCode < n && (glyphOf(tables, donorCode)?.bytes.length ?? 1) === 0
    code = slotEmpty ? donorCode : Math.max(n, freshCode)
    gid = code
  }
  return {
    code,
    gid,
    bytes: glyph.bytes,
    advance: glyph.advance,
    width: donorFont.widths[donorCode] ?? 0,
    unicode: digit,
  }
}

/** The receipt with `glyph` added to the font (program, /W, ToUnicode, CIDToGIDMap, CIDSet). */
function addGlyph(file: PdfFile, font: PdfFontInfo, glyph: NewGlyph): Uint8Array {
  const o = fontObjects(file, font)!
  const out = new Map<number, string>()
  const program = withGlyphs(file.decodedStream(o.program), [glyph])
  out.set(o.program, file.withStreamBody(o.program, program, 'classic', { Length1: program.length }))
  const entry = `${glyph.code} [${glyph.width}]`
  if (o.widths !== null) out.set(o.widths, addWidth(file.objectText(o.widths), entry, true))
  else out.set(o.cid, addWidth(file.objectText(o.cid), entry, false))
  const cmap = new TextDecoder('latin1').decode(file.decodedStream(o.toUnicode))
  const bfchar = `1 beginbfchar\n<${hex4(glyph.code)}> <${[...glyph.unicode].map((c) => hex4(c.charCodeAt(0))).join('')}>\nendbfchar\n`
  const at = cmap.lastIndexOf('endcmap')
  out.set(
    o.toUnicode,
    file.withStreamBody(
      o.toUnicode,
      Buffer.from(cmap.slice(0, at) + bfchar + cmap.slice(at), 'latin1'),
      'classic',
    ),
  )
  if (o.cidToGid !== null) {
    const old = file.decodedStream(o.cidToGid)
    const map = new Uint8Array(Math.max(old.length, (glyph.code + 1) * 2))
    map.set(old)
    map.set([glyph.gid >> 8, glyph.gid & 0xff], glyph.code * 2)
    out.set(o.cidToGid, file.withStreamBody(o.cidToGid, map, 'classic'))
  }
  if (o.cidSet !== null) {
    const old = file.decodedStream(o.cidSet)
    const set = new Uint8Array(Math.max(old.length, (glyph.code >> 3) + 1))
    set.set(old)
    set[glyph.code >> 3]! |= 0x80 >> (glyph.code & 7)
    out.set(o.cidSet, file.withStreamBody(o.cidSet, set, 'classic'))
  }
  return file.rewrite(out)
}

function resubsetTechnique(id: string, label: string, mode: Mode): Technique {
  return {
    id,
    label,
    async apply(input, context): Promise<ForgeryResult> {
      const file = new PdfFile(input.bytes)
      const editor = new PageEditor(file)
      const first = amountRuns(editor, input.family)[0]
      const font = first?.font
      if (!first || !font) return skipped('amount not found')
      if (font.subtype !== 'Type0' || !font.program || !fontObjects(file, font))
        return skipped('the amount font is not an embedded TrueType CID font with ToUnicode')
      const donor = context.partner ? new PdfFile(context.partner.bytes) : null
      const missing = (t: string) => [...t].filter((c) => !editor.encode(font, c))
      const candidate = changedAmounts(first.text).find((t) =>
        mode === 'missing' ? missing(t).length === 1 && /\d/.test(missing(t)[0]!) : missing(t).length === 0,
      )
      if (!candidate)
        return skipped(
          mode === 'missing'
            ? 'the subset holds every digit a changed amount needs: nothing to re-subset'
            : 'no amount drawable with the subset',
        )
      // The changed digit: the missing one, or the first that differs (re-embedded at that place only).
      const digitAt = [...candidate].findIndex((c, i) => c !== first.text[i])
      const digit = mode === 'missing' ? missing(candidate)[0]! : candidate[digitAt]!
      if (!/\d/.test(digit)) return skipped('the changed character is not a digit')
      const glyph = plan(file, font, digit, mode, donor)
      if (!glyph && mode === 'missing' && !donor) return skipped('no second receipt of the family (donor)')
      if (!glyph)
        return skipped(
          mode === 'missing' ? 'no donor receipt holds the digit as a simple glyph' : 'glyph not found',
        )
      const edited = new PdfFile(addGlyph(file, font, glyph))
      const page = new PageEditor(edited)
      const targets = amountRuns(page, input.family)
        .filter((r) => r.text === first.text)
        .sort((a, b) => b.opIndex - a.opIndex)
      for (const r of targets) {
        // Another occurrence drawn with another font is re-typed with that font's own glyphs.
        const same = r.font?.baseFont === font.baseFont
        const codes = r.font ? page.encode(r.font, candidate) : null
        if (!codes || (same && codes.length !== [...candidate].length))
          return skipped('an occurrence of the amount cannot be re-typed one code per character')
        if (same && mode === 'appended') codes[digitAt] = glyph.code
        page.replaceRunCodes(r, codes, alignOf(page, r.x1))
      }
      return result(
        edited.rewrite(page.contentObjects(context.deflater)),
        input.filename,
        `${targets.length} amount run(s) changed; digit added to the subset as code ${glyph.code} (glyph ${glyph.gid}), old glyphs kept`,
      )
    },
  }
}

export const resubsetMissingDigit = resubsetTechnique(
  'resubset_missing_digit',
  "amount changed to a digit the subset lacks; the glyph copied from another receipt's subset into the font (glyf/loca/hmtx, /W, ToUnicode, CIDToGIDMap, CIDSet), old glyphs kept",
  'missing',
)

export const resubsetAppendedGlyph = resubsetTechnique(
  'resubset_appended_glyph',
  'amount changed; the new digit embedded again as a fresh glyph and code after the subset (as an editor re-embedding typed text), old glyphs kept',
  'appended',
)
