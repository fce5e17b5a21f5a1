/**
 * The third kit's library of glyphs (font-enrich.ts): outlines and widths of the donors' editable fonts, and
 * the digits a font lacks that the library can put into an empty slot of its subset.
 */
import type { PdfFontInfo } from '@rv/core/pdf'
import { fontObjects } from './font-resubset'
import type { PdfFile } from './pdf-file'
import { glyphOf, readTables } from './sfnt-edit'

export interface LibraryGlyph {
  font: string
  gid: number
  bytes: Uint8Array
  width: number
  unicode: string
}

export interface Addition extends LibraryGlyph {
  /** Taken from another font of the family (another weight): its width is not this font's. */
  borrowed: boolean
}

const DIGITS = '0123456789'

/** An Identity-H TrueType CID font with ToUnicode and an embedded program the kit can edit. */
export function editable(file: PdfFile, font: PdfFontInfo | null): font is PdfFontInfo {
  return (
    font !== null &&
    font.subtype === 'Type0' &&
    font.cidToGid === 'Identity' &&
    font.embedded === 'FontFile2' &&
    font.program !== null &&
    fontObjects(file, font) !== null
  )
}

/** Simple (non-composite) outlined glyphs of the donors' editable fonts, with their /W widths. */
export function library(donors: readonly PdfFile[]): LibraryGlyph[] {
  const out: LibraryGlyph[] = []
  for (const donor of donors) {
    for (const font of donor.structure.pages[0]?.fonts ?? []) {
      if (!editable(donor, font)) continue
      const tables = readTables(donor.decodedStream(fontObjects(donor, font)!.program))
      for (const [code, unicode] of Object.entries(font.toUnicode)) {
        const glyph = glyphOf(tables, Number(code))
        const width = font.widths[Number(code)]
        if (!glyph || glyph.bytes.length < 2 || (glyph.bytes[0]! & 0x80) !== 0 || width === undefined)
          continue
        out.push({ font: font.name, gid: Number(code), bytes: glyph.bytes, width, unicode })
      }
    }
  }
  return out
}

/** The digits a font lacks that the library can put into an empty slot of its subset. */
export function additions(file: PdfFile, font: PdfFontInfo, lib: readonly LibraryGlyph[]): Addition[] {
  const tables = readTables(file.decodedStream(fontObjects(file, font)!.program))
  const have = new Set(Object.values(font.toUnicode))
  const taken = new Set([...Object.keys(font.toUnicode), ...Object.keys(font.widths)].map(Number))
  const out: Addition[] = []
  for (const digit of DIGITS) {
    if (have.has(digit)) continue
    const same = lib.find((g) => g.font === font.name && g.unicode === digit)
    const source = same ?? lib.find((g) => g.font !== font.name && g.unicode === digit)
    if (!source || taken.has(source.gid)) continue
    const slot = glyphOf(tables, source.gid)
    if (!slot || slot.bytes.length > 0) continue
    taken.add(source.gid)
    out.push({ ...source, borrowed: !same })
  }
  return out
}
