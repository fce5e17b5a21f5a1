import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readSfnt, type SfntFont } from './sfnt-reader'

/**
 * How the CIDs written into the content stream relate to glyphs, which differs per PDF library:
 * - `first-use`: CID = position of the glyph in order of first use, starting at 1 (Oracle BI Publisher);
 * - `original`: CID = the glyph id in the source font (PDFBox, OpenPDF, iText, Skia).
 */
export type CidNumbering = 'first-use' | 'original'

export type FontFile =
  | 'DejaVuSans'
  | 'DejaVuSans-Bold'
  | 'DejaVuSansCondensed'
  | 'LiberationSans-Regular'
  | 'LiberationSans-Bold'
  | 'LiberationSerif-Bold'
  | 'LiberationSansNarrow-Regular'
  | 'Carlito-Regular'

const fontDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fonts')
const cache = new Map<FontFile, SfntFont>()

export function loadFont(file: FontFile): SfntFont {
  let font = cache.get(file)
  if (!font) {
    font = readSfnt(new Uint8Array(readFileSync(join(fontDir, `${file}.ttf`))))
    cache.set(file, font)
  }
  return font
}

/** One font as used on one page: records which glyphs were drawn (and in which order) and measures text. */
export class FontUse {
  readonly source: SfntFont
  /** original glyph id -> CID, in order of first use */
  readonly cids = new Map<number, number>()
  /** CID -> the text it stands for (for the ToUnicode CMap) */
  readonly unicode = new Map<number, string>()

  constructor(
    file: FontFile,
    readonly baseName: string,
    readonly numbering: CidNumbering,
  ) {
    this.source = loadFont(file)
  }

  private gid(ch: string): number {
    const g = this.source.glyphId(ch.codePointAt(0)!)
    if (g === 0)
      throw new Error(`font ${this.baseName} has no glyph for U+${ch.codePointAt(0)!.toString(16)}`)
    return g
  }

  /** CIDs for the text, registering the glyphs as used. */
  encode(text: string): number[] {
    return [...text].map((ch) => {
      const g = this.gid(ch)
      let cid = this.cids.get(g)
      if (cid === undefined) {
        cid = this.numbering === 'first-use' ? this.cids.size + 1 : g
        this.cids.set(g, cid)
        this.unicode.set(cid, ch)
      }
      return cid
    })
  }

  /** Advance width of a glyph in thousandths of an em (the unit of /W). */
  advance1000(ch: string): number {
    return Math.round((this.source.advance(this.gid(ch)) * 1000) / this.source.unitsPerEm)
  }

  /** Width of the text in points, with `spacing` points added after every glyph but the last. */
  width(text: string, size: number, spacing = 0): number {
    const chars = [...text]
    const w = chars.reduce((sum, ch) => sum + this.advance1000(ch), 0)
    return (w * size) / 1000 + spacing * Math.max(0, chars.length - 1)
  }
}

export const cidHex = (cids: number[], upper = false): string => {
  const digits = cids.map((c) => c.toString(16).padStart(4, '0')).join('')
  return `<${upper ? digits.toUpperCase() : digits}>`
}

/** A 2-byte literal string, escaped as PDF writers do (parentheses and backslash; other bytes raw). */
export const cidLiteral = (cids: number[]): string => {
  let s = '('
  for (const c of cids) {
    for (const b of [c >> 8, c & 0xff]) {
      const ch = String.fromCharCode(b)
      if (ch === '(' || ch === ')' || ch === '\\') s += `\\${ch}`
      else if (b === 0x0d) s += '\\r'
      else if (b === 0x0a) s += '\\n'
      else s += ch
    }
  }
  return `${s})`
}

/**
 * A 2-byte string as PDFBox's COSWriter writes it (openhtmltopdf, VTB): a literal when every byte is 7-bit and
 * none is CR or LF, escaping only parentheses and backslash; otherwise uppercase hex.
 */
export const cidPdfbox = (cids: number[]): string => {
  const bytes = cids.flatMap((c) => [c >> 8, c & 0xff])
  if (bytes.some((b) => b >= 0x80 || b === 0x0a || b === 0x0d))
    return `<${bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join('')}>`
  const body = bytes.map((b) => {
    const ch = String.fromCharCode(b)
    return ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : ch
  })
  return `(${body.join('')})`
}
