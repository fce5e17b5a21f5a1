import { type DictEntries, type DictStyle, dict, ref } from '../pdf/pdf-dict'
import { flate, num, type PdfDoc } from '../pdf/pdf-doc'
import type { FontUse } from './font-use'
import { loadFont } from './font-use'
import { subsetFont } from './sfnt-subset'

/** The PDF libraries whose font objects the generator imitates. */
export type FontWriter = 'pdfbox' | 'bip' | 'openpdf' | 'itext' | 'skia'

const dictStyle: Record<FontWriter, DictStyle> = {
  pdfbox: 'pdfbox',
  bip: 'bip',
  openpdf: 'compact',
  itext: 'compact',
  skia: 'skia',
}

export interface EmbedOptions {
  writer: FontWriter
  /** Six upper-case letters, written as `TAG+BaseName`. */
  tag: string
  /** Object number of the Type0 font, allocated before the page resources were written. */
  type0: number
  toUnicode: boolean
  /** iText leaves a one-byte CIDSet unfiltered. */
  rawCidSet?: boolean
}

function toUnicodeCmap(map: Map<number, string>): string {
  const entries = [...map.entries()].sort((a, b) => a[0] - b[0])
  const hex4 = (n: number): string => n.toString(16).padStart(4, '0').toUpperCase()
  const utf16 = (s: string): string => [...s].map((c) => hex4(c.charCodeAt(0))).join('')
  let body = ''
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100)
    body += `${chunk.length} beginbfchar\n${chunk.map(([c, u]) => `<${hex4(c)}> <${utf16(u)}>`).join('\n')}\nendbfchar\n`
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo\n<< /Registry (Adobe)\n/Ordering (UCS)\n/Supplement 0\n>> def\n' +
    '/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n' +
    `${body}endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n`
  )
}

function widths(use: FontUse, writer: FontWriter): string {
  const byCid = [...use.cids.entries()].map(([, cid]) => cid).sort((a, b) => a - b)
  const w = (cid: number): number => {
    const ch = use.unicode.get(cid)!
    return use.advance1000(ch)
  }
  if (writer === 'bip') return `[ ${byCid.map((c) => `${c} [${w(c)}]`).join(' ')} ]`
  const groups: number[][] = []
  for (const c of byCid) {
    const g = groups[groups.length - 1]
    if (g && c === g[g.length - 1]! + 1) g.push(c)
    else groups.push([c])
  }
  const sep = writer === 'pdfbox' ? '\n ' : ''
  return `[${groups.map((g) => `${g[0]} [${g.map(w).join(' ')}]`).join(sep)}]`
}

/** What every object of one embedded font is written with. */
interface EmbedContext {
  doc: PdfDoc
  use: FontUse
  o: EmbedOptions
  style: DictStyle
  /** `/TAG+BaseName` */
  name: string
}

/** Writes the Type0 font, its CIDFontType2 descendant, descriptor, subset font file and (optionally) ToUnicode. */
export function embedCidFont(doc: PdfDoc, use: FontUse, o: EmbedOptions): void {
  const c: EmbedContext = { doc, use, o, style: dictStyle[o.writer], name: `/${o.tag}+${use.baseName}` }
  const usedGids = [...use.cids.keys()]
  // PDFBox subsets in glyph-id order and maps the original ids through a CIDToGIDMap stream.
  const order = o.writer === 'pdfbox' ? [...usedGids].sort((a, b) => a - b) : usedGids
  const mode = o.writer === 'pdfbox' || o.writer === 'bip' ? 'renumber' : 'keep'
  const subset = subsetFont(use.source, order, { mode })

  const cidFont = doc.alloc()
  const descriptor = doc.alloc()
  const fontFile = doc.alloc()
  const toUnicode = o.toUnicode ? doc.alloc() : 0
  writeType0(c, cidFont, toUnicode)
  const cidToGid = writeCidFont(c, cidFont, descriptor)
  const cidSet = writeDescriptor(c, descriptor, fontFile)
  setFlateStream(c, fontFile, subset.bytes, [['Length1', String(subset.bytes.length)]])
  if (toUnicode) setFlateStream(c, toUnicode, toUnicodeCmap(use.unicode))
  const maxCid = Math.max(0, ...use.cids.values())
  if (cidToGid) setFlateStream(c, cidToGid, cidToGidMap(use, subset.gidMap, maxCid))
  if (cidSet) setFlateStream(c, cidSet, cidSetBits(use, maxCid))
}

function writeType0(c: EmbedContext, cidFont: number, toUnicode: number): void {
  const type0: DictEntries = [
    ['Type', '/Font'],
    ['BaseFont', c.name],
    ['Subtype', '/Type0'],
    ['Encoding', '/Identity-H'],
    ['DescendantFonts', `[${ref(cidFont)}]`],
  ]
  if (toUnicode) type0.push(['ToUnicode', ref(toUnicode)])
  c.doc.set(c.o.type0, dict(type0, c.style))
}

/** The CIDFontType2 dictionary; returns the CIDToGIDMap stream's number (PDFBox) or 0. */
function writeCidFont(c: EmbedContext, cidFont: number, descriptor: number): number {
  const { doc, o, style } = c
  const sysInfo =
    style === 'compact'
      ? '<</Supplement 0/Registry(Adobe)/Ordering(Identity)>>'
      : '<< /Registry (Adobe)/Ordering (Identity)/Supplement 0 >>'
  // PDFBox writes CIDSystemInfo as an object of its own; the other libraries inline it.
  let sysInfoRef = ''
  if (o.writer === 'pdfbox') {
    const n = doc.alloc()
    doc.set(
      n,
      dict(
        [
          ['Registry', '(Adobe)'],
          ['Ordering', '(Identity)'],
          ['Supplement', '0'],
        ],
        style,
      ),
    )
    sysInfoRef = ref(n)
  }
  const cid: DictEntries = [
    ['Type', '/Font'],
    ['Subtype', '/CIDFontType2'],
    ['BaseFont', c.name],
    ['CIDSystemInfo', sysInfoRef || sysInfo],
    ['FontDescriptor', ref(descriptor)],
  ]
  if (o.writer !== 'pdfbox') cid.push(['DW', '1000'])
  cid.push(['W', widths(c.use, o.writer)])
  let cidToGid = 0
  if (o.writer === 'pdfbox') {
    cidToGid = doc.alloc()
    cid.push(['CIDToGIDMap', ref(cidToGid)])
  } else if (o.writer !== 'bip') cid.push(['CIDToGIDMap', '/Identity'])
  doc.set(cidFont, dict(cid, style))
  return cidToGid
}

/** The FontDescriptor; returns the CIDSet stream's number (PDFBox, iText) or 0. */
function writeDescriptor(c: EmbedContext, descriptor: number, fontFile: number): number {
  const { doc, o } = c
  const f = c.use.source
  const scale = (v: number): string => num((v * 1000) / f.unitsPerEm, o.writer === 'pdfbox' ? 5 : 0)
  const desc: DictEntries = [
    ['Type', '/FontDescriptor'],
    ['FontName', c.name],
    ['Flags', o.writer === 'pdfbox' || o.writer === 'bip' ? '4' : '32'],
    ['ItalicAngle', '0'],
    ['FontBBox', `[${f.bbox.map(scale).join(' ')}]`],
    ['Ascent', scale(f.ascent)],
    ['Descent', scale(f.descent)],
    ['CapHeight', scale(f.capHeight)],
    ['StemV', '80'],
    ['FontFile2', ref(fontFile)],
  ]
  let cidSet = 0
  if (o.writer === 'pdfbox' || o.writer === 'itext') {
    cidSet = doc.alloc()
    desc.push(['CIDSet', ref(cidSet)])
  }
  doc.set(descriptor, dict(desc, c.style))
  return cidSet
}

/** A FlateDecode stream object: `Length`, `Filter`, then any `extra` entries. */
function setFlateStream(
  c: EmbedContext,
  n: number,
  data: Uint8Array | string,
  extra: DictEntries = [],
): void {
  const body = flate(data)
  c.doc.set(n, dict([['Length', '{LEN}'], ['Filter', '/FlateDecode'], ...extra], c.style), body)
}

/** PDFBox's CIDToGIDMap: two bytes per CID, the glyph's id in the renumbered subset. */
function cidToGidMap(use: FontUse, gidMap: Map<number, number>, maxCid: number): Uint8Array {
  const map = new Uint8Array((maxCid + 1) * 2)
  for (const [g, c] of use.cids) {
    const n = gidMap.get(g) ?? 0
    map[c * 2] = n >> 8
    map[c * 2 + 1] = n & 0xff
  }
  return map
}

/** The CIDSet bit string: CID 0 and every used CID. */
function cidSetBits(use: FontUse, maxCid: number): Uint8Array {
  const bits = new Uint8Array(Math.floor(maxCid / 8) + 1)
  bits[0]! |= 0x80
  for (const c of use.cids.values()) bits[c >> 3]! |= 0x80 >> (c & 7)
  return bits
}

/**
 * ALS Rubl as T-Bank's Jasper template embeds it: a simple TrueType font whose only glyph is the ruble sign,
 * reached by the character code of `i` and without ToUnicode, so text extractors read `i`.
 */
export function embedRubleFont(doc: PdfDoc, type0: number, tag: string): void {
  const f = loadFont('DejaVuSans')
  const gid = f.glyphId(0x20bd)
  const subset = subsetFont(f, [gid], {
    mode: 'renumber',
    cmap: [
      [0x69, gid],
      [0xf069, gid],
    ],
  })
  const width = rubleAdvance1000()
  const descriptor = doc.alloc()
  const fontFile = doc.alloc()
  const name = `/${tag}+ALSRubl`
  doc.set(
    type0,
    `<</Subtype/TrueType/FirstChar 105/Type/Font/BaseFont${name}/FontDescriptor ${ref(descriptor)}` +
      `/Encoding<</Type/Encoding/Differences[105/i]>>/LastChar 105/Widths[${width}]>>`,
  )
  const s = (v: number): string => String(Math.round((v * 1000) / f.unitsPerEm))
  doc.set(
    descriptor,
    `<</Descent ${s(f.descent)}/CapHeight ${s(f.capHeight)}/StemV 80/Type/FontDescriptor/FontFile2 ${ref(fontFile)}` +
      `/Flags 32/FontBBox[${f.bbox.map(s).join(' ')}]/FontName${name}/ItalicAngle 0/Ascent ${s(f.ascent)}>>`,
  )
  doc.set(
    fontFile,
    `<</Length1 ${subset.bytes.length}/Filter/FlateDecode/Length {LEN}>>`,
    flate(subset.bytes),
  )
}

/** Advance of the ruble glyph that stands in for ALSRubl's `i`, in thousandths of an em. */
export function rubleAdvance1000(): number {
  const f = loadFont('DejaVuSans')
  return Math.round((f.advance(f.glyphId(0x20bd)) * 1000) / f.unitsPerEm)
}
