/**
 * The third public kit's font surgery (FAMILIES.md, "How receipts live in the wild", item 5), done the way
 * it describes itself: a genuine donor's embedded subsets are "enriched" with glyphs so that any amount
 * can be drawn later, the amount is redrawn, and the file is written as one clean revision aiming to be
 * byte-identical to genuine:
 *  - the glyphs (every digit 0–9 a subset of the amount's fonts lacks) come from other genuine receipts
 *    of the family (the kit's library): the same font's outline at its own glyph id when a donor has it,
 *    else the outline and width of another weight of the family's fonts at that weight's id;
 *  - each outline goes into its empty slot of the kept-id subset, only `glyf` and `loca` rebuilt, every
 *    other table byte for byte (sfnt-edit `fillSlots`, as OpenPDF lays a subset out);
 *  - /W and the ToUnicode CMap are rewritten whole in the generator's own format, entries in code order;
 *  - `trim`: after the redraw, /W and ToUnicode entries of codes the page no longer draws are removed
 *    (the kit's "trims unused CMap entries so that a checker sees no unused glyphs"); outlines stay;
 *  - `keywords`: CreationDate, ModDate and the timestamp of `Keywords` moved together to a fresh download
 *    of the printed operation (a few seconds after it), as the bank writes them.
 */

import type { PdfFontInfo } from '@rv/core/pdf'
import { moscowOffsetSeconds } from '@rv/core/vocabulary'
import { alignOf, infoNum, result } from './edit-techniques'
import { type Addition, additions, editable, type LibraryGlyph, library } from './font-enrich-library'
import { fontObjects, hex4 } from './font-resubset'
import { PageEditor } from './page-editor'
import { PdfFile } from './pdf-file'
import { fillSlots } from './sfnt-edit'
import { amountRuns, changedAmounts, factsOf } from './targets'
import { type ForgeryContext, type ForgeryResult, skipped, type Technique } from './technique-types'

interface Variant {
  trim: boolean
  keywords: boolean
}

const latin1 = new TextDecoder('latin1')
/** Seconds between the printed operation and the download the `keywords` variant writes. */
const DOWNLOAD_DELAY = 5
const MSK = moscowOffsetSeconds

/**
 * /W rewritten in the donor's own format (builds differ: `/W [3[228]117[…]`, `/W [3[228] 117[…]`,
 * `/W[1 [228]9 […]`, a line break before every tenth run): runs of consecutive codes, `first[w w …]`, with
 * the original's spacing.
 */
export function formatWidths(original: string, widths: ReadonlyMap<number, number>): string {
  const head = /\/W\s*\[/.exec(original)?.[0] ?? '/W['
  const gap = /\/W\s*\[\s*\d+(\s*)\[/.exec(original)?.[1] ?? ''
  // Separators before each run after the first; one build breaks the line before every tenth run.
  const seps = [...original.matchAll(/\](\s*)(?=\d)/g)].map((m) => m[1]!)
  const between = seps[0] ?? ''
  const tenth = seps[9] ?? between
  const codes = [...widths.keys()].sort((a, b) => a - b)
  let out = ''
  let runs = 0
  for (let i = 0; i < codes.length; ) {
    let j = i
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++
    const run = codes.slice(i, j + 1).map((c) => widths.get(c))
    out += `${runs === 0 ? '' : runs % 10 === 0 ? tenth : between}${codes[i]}${gap}[${run.join(' ')}]`
    runs++
    i = j + 1
  }
  return `${head}${out}]`
}

/**
 * The ToUnicode CMap with its mapping blocks rewritten from `entries`, in code order, 100 to a block, in
 * the donor's own notation: iText's one-code ranges (`<0003><0003><0020>`, lower case) or bfchar lines
 * (`<0003> <0020>`), hex case as the original writes it. Null for a CMap with real ranges.
 */
export function formatToUnicode(cmap: string, entries: ReadonlyMap<number, string>): string | null {
  const kind = /\d+ beginbfrange/.test(cmap) ? 'bfrange' : 'bfchar'
  const start = cmap.search(new RegExp(`\\d+ begin${kind}`))
  const endTag = `end${kind}\n`
  const end = cmap.lastIndexOf(endTag)
  if (start < 0 || end < 0 || (kind === 'bfrange' && /beginbfchar/.test(cmap))) return null
  const lines = cmap.slice(start, end).match(/<[0-9a-fA-F]+>\s*<[0-9a-fA-F]+>(\s*<[0-9a-fA-F]+>)?/g) ?? []
  if (kind === 'bfrange' && lines.some((l) => !/^<(\w+)><\1><\w+>$/.test(l))) return null
  const letters = lines.join('').replace(/[^a-fA-F]/g, '')
  const upper = letters === '' ? kind === 'bfchar' : letters === letters.toUpperCase()
  const hex = (n: number) => (upper ? hex4(n) : hex4(n).toLowerCase())
  const unicodeHex = (text: string) => [...text].map((c) => hex(c.charCodeAt(0))).join('')
  const line = (c: number) =>
    kind === 'bfrange'
      ? `<${hex(c)}><${hex(c)}><${unicodeHex(entries.get(c)!)}>\n`
      : `<${hex(c)}> <${unicodeHex(entries.get(c)!)}>\n`
  const codes = [...entries.keys()].sort((a, b) => a - b)
  let blocks = ''
  for (let i = 0; i < codes.length; i += 100) {
    const chunk = codes.slice(i, i + 100)
    blocks += `${chunk.length} begin${kind}\n${chunk.map(line).join('')}${endTag}`
  }
  return cmap.slice(0, start) + blocks + cmap.slice(end + endTag.length)
}

/** Replacement objects that give `font` exactly these /W and ToUnicode entries (and outlines, if any). */
function fontEdit(
  file: PdfFile,
  font: PdfFontInfo,
  widths: ReadonlyMap<number, number>,
  unicode: ReadonlyMap<number, string>,
  outlines: readonly Addition[],
  out: Map<number, string>,
): boolean {
  const o = fontObjects(file, font)!
  if (o.widths !== null) return false
  const cid = file.objectText(o.cid)
  // Inner arrays hold numbers only, so the /W array ends at the first `]]`.
  const w = /\/W\s*\[[\s\S]*?\]\s*\]/.exec(cid)?.[0]
  const original = latin1.decode(file.decodedStream(o.toUnicode))
  const own = entriesOf(font)
  // The kit writes only what it can write as the generator did: both must reproduce the original first.
  if (!w || formatWidths(w, own.widths) !== w || formatToUnicode(original, own.unicode) !== original)
    return false
  out.set(o.cid, cid.replace(w, formatWidths(w, widths)))
  const cmap = formatToUnicode(original, unicode)!
  out.set(o.toUnicode, file.withStreamBody(o.toUnicode, Buffer.from(cmap, 'latin1'), 'classic'))
  if (outlines.length > 0) {
    const program = fillSlots(
      file.decodedStream(o.program),
      outlines.map((g) => ({ gid: g.gid, bytes: g.bytes, advance: 0 })),
    )
    out.set(o.program, file.withStreamBody(o.program, program, 'classic', { Length1: program.length }))
  }
  return true
}

function entriesOf(font: PdfFontInfo) {
  const widths = new Map(Object.entries(font.widths).map(([c, w]) => [Number(c), w]))
  const unicode = new Map(Object.entries(font.toUnicode).map(([c, u]) => [Number(c), u]))
  return { widths, unicode }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Info dates and the Keywords timestamp at `epoch` (UTC seconds), written in Moscow time as T-Bank does. */
function restampInfo(file: PdfFile, epoch: number): string | null {
  const num = infoNum(file)
  if (num === null) return null
  const t = new Date((epoch + MSK) * 1000)
  const ymd = `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}`
  const hms = `${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`
  const printed = `${pad(t.getUTCDate())}.${pad(t.getUTCMonth() + 1)}.${t.getUTCFullYear()} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  return file
    .objectText(num)
    .replace(/(\/(?:CreationDate|ModDate)\s*\(D:)\d{14}/g, `$1${ymd}${hms}`)
    .replace(/(\/Keywords\s*\()\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/, `$1${printed}`)
}

async function enrich(
  input: { bytes: Uint8Array; family: string; filename: string },
  context: ForgeryContext,
  variant: Variant,
): Promise<ForgeryResult> {
  const file = new PdfFile(input.bytes)
  const editor = new PageEditor(file)
  const first = amountRuns(editor, input.family)[0]
  if (!first?.font) return skipped('amount not found')
  const fonts = [
    ...new Map(
      amountRuns(editor, input.family)
        .filter((r) => r.text === first.text)
        .map((r) => [r.font?.baseFont, r.font]),
    ).values(),
  ]
  if (!fonts.every((f) => editable(file, f)))
    return skipped('the amount font is not an embedded Identity-H TrueType CID subset with ToUnicode')
  const donors = (context.donors ?? (context.partner ? [context.partner] : []))
    .filter((d) => d.bytes !== input.bytes)
    .map((d) => new PdfFile(d.bytes))
  if (donors.length === 0) return skipped('no other genuine receipt of the family to take glyphs from')
  const enriched = enrichFonts(file, fonts as PdfFontInfo[], library(donors))
  if (typeof enriched === 'string') return skipped(enriched)
  const { out, added } = enriched
  const redrawn = redrawAmount(new PdfFile(file.rewrite(out)), input.family, first.text, added)
  if (typeof redrawn === 'string') return skipped(redrawn)
  // Byte-identical is the aim: the content recompressed as the bank's Java zlib does, unless told otherwise.
  let bytes = redrawn.file.rewrite(redrawn.page.contentObjects(context.deflater ?? 'classic'))
  const notes = [...added].map(
    ([f, g]) =>
      `${f}: ${g.map((x) => `${x.unicode}@${x.gid}${x.borrowed ? ' (other weight)' : ''}`).join(' ')}`,
  )
  if (variant.trim || variant.keywords) {
    const final = finalPass(bytes, variant, input.family, added)
    if (typeof final === 'string') return skipped(final)
    bytes = final
  }
  return result(
    bytes,
    input.filename,
    `amount redrawn as ${redrawn.candidate.length} characters in ${redrawn.runs} run(s); glyphs added ${notes.join('; ')}${variant.trim ? '; undrawn /W and ToUnicode entries trimmed' : ''}${variant.keywords ? '; Info dates and Keywords re-stamped to the printed operation' : ''}`,
  )
}

/**
 * The replacement objects that add each font's missing digits (outlines, /W, ToUnicode) and what was added
 * per font, or why the kit cannot.
 */
function enrichFonts(
  file: PdfFile,
  fonts: PdfFontInfo[],
  lib: readonly LibraryGlyph[],
): { out: Map<number, string>; added: Map<string, Addition[]> } | string {
  const out = new Map<number, string>()
  const added = new Map<string, Addition[]>()
  for (const font of fonts) {
    const adds = additions(file, font, lib)
    if (adds.length === 0) continue
    const { widths, unicode } = entriesOf(font)
    for (const g of adds) {
      widths.set(g.gid, g.width)
      unicode.set(g.gid, g.unicode)
    }
    if (!fontEdit(file, font, widths, unicode, adds, out))
      return "the font's /W or ToUnicode is not in the generator's format the kit rewrites"
    added.set(font.baseFont, adds)
  }
  if (added.size === 0) return 'the subsets hold every digit, or no donor has a missing one in a free slot'
  return { out, added }
}

/** Redraws every run of the amount `text` as a changed amount, preferring one that uses an added digit. */
function redrawAmount(
  enriched: PdfFile,
  family: string,
  text: string,
  added: ReadonlyMap<string, Addition[]>,
): { file: PdfFile; page: PageEditor; candidate: string; runs: number } | string {
  const page = new PageEditor(enriched)
  const targets = amountRuns(page, family)
    .filter((r) => r.text === text)
    .sort((a, b) => b.opIndex - a.opIndex)
  const newDigits = new Set([...added.values()].flat().map((g) => g.unicode))
  const drawable = changedAmounts(text).filter((t) => targets.every((r) => r.font && page.encode(r.font, t)))
  const candidate = drawable.find((t) => [...t].some((c) => newDigits.has(c))) ?? drawable[0]
  if (!candidate) return 'no changed amount drawable with the enriched subsets'
  for (const r of targets) page.replaceRunCodes(r, page.encode(r.font!, candidate)!, alignOf(page, r.x1))
  return { file: enriched, page, candidate, runs: targets.length }
}

/** The variant's second revision-free pass: undrawn /W and ToUnicode entries trimmed, Info re-stamped. */
function finalPass(
  bytes: Uint8Array,
  variant: Variant,
  family: string,
  added: ReadonlyMap<string, Addition[]>,
): Uint8Array | string {
  const drawnFile = new PdfFile(bytes)
  const drawnPage = new PageEditor(drawnFile)
  const final = new Map<number, string>()
  if (variant.trim) trimUndrawn(drawnFile, drawnPage, added, final)
  if (variant.keywords) {
    const operation = factsOf(drawnPage, family).operation
    if (!operation) return 'operation time not found'
    const info = restampInfo(drawnFile, operation.epoch + DOWNLOAD_DELAY)
    if (info === null) return 'no Info dictionary'
    final.set(infoNum(drawnFile)!, info)
  }
  return drawnFile.rewrite(final)
}

/** Removes from each enriched font's /W and ToUnicode the codes the page no longer draws (outlines stay). */
function trimUndrawn(
  file: PdfFile,
  page: PageEditor,
  added: ReadonlyMap<string, Addition[]>,
  final: Map<number, string>,
): void {
  for (const font of file.structure.pages[0]!.fonts) {
    if (!added.has(font.baseFont)) continue
    const drawn = new Set(page.runs.filter((r) => r.font?.baseFont === font.baseFont).flatMap((r) => r.codes))
    const { widths, unicode } = entriesOf(font)
    for (const code of [...widths.keys(), ...unicode.keys()])
      if (!drawn.has(code)) {
        widths.delete(code)
        unicode.delete(code)
      }
    fontEdit(file, font, widths, unicode, [], final)
  }
}

function enrichTechnique(id: string, label: string, variant: Variant): Technique {
  return { id, label, apply: (input, context) => enrich(input, context, variant) }
}

export const fontEnrich = enrichTechnique(
  'font_enrich',
  "third kit: the amount's subsets enriched with every missing digit from other genuine receipts (outlines in their empty slots, /W and ToUnicode rewritten in the generator's format), amount redrawn, one revision",
  { trim: false, keywords: false },
)

export const fontEnrichTrim = enrichTechnique(
  'font_enrich_trim',
  'font_enrich, then the /W and ToUnicode entries of codes the page no longer draws trimmed (outlines stay)',
  { trim: true, keywords: false },
)

export const fontEnrichTrimKeywords = enrichTechnique(
  'font_enrich_trim_keywords',
  'font_enrich_trim, and CreationDate, ModDate and the Keywords timestamp moved together to a fresh download of the printed operation',
  { trim: true, keywords: true },
)
