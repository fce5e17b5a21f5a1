/** The raw structure of a PDF as the forensic checks see it. Plain data: no methods, no lazy parts. */

import type { ContentOp } from './content-tokenizer'
import type { ZlibHeader } from './filters'
import type { StringSyntax } from './lexer'
import type { TrueTypeSummary } from './truetype'

export interface PdfRevision {
  xrefOffset: number
  kind: 'table' | 'stream'
  hybrid: boolean
  entryCount: number
  /** Keys of this revision's trailer, sorted. */
  trailerKeys: string[]
  /** /Prev of this revision's trailer (null for the first revision). */
  prev: number | null
}

export interface PdfObjectInfo {
  num: number
  gen: number
  /** Byte offset of `n g obj`; null for objects inside an object stream. */
  offset: number | null
  inObjectStream: number | null
  /** /Type (or /Subtype for XObjects and fonts when /Type is absent) of a dictionary object. */
  type: string | null
  isStream: boolean
}

export interface PdfStreamInfo {
  num: number
  type: string | null
  subtype: string | null
  filters: string[]
  /** Decode parameters, stringified compactly (e.g. `Predictor=12,Columns=4`). */
  decodeParms: string[]
  rawLength: number
  decodedLength: number | null
  zlib: ZlibHeader | null
  lengthMismatch: boolean
  decodeError: string | null
  /**
   * For page content streams: the classic zlib level (pako = zlib 1.2.x) whose output is byte-identical
   * to the stored body, or null when none is. Java generators' streams reproduce; most editors' do not.
   */
  classicZlibLevel: number | null
}

export interface PdfFontInfo {
  /** Resource name on the page, e.g. `F1`. */
  resource: string
  /** Full BaseFont including any subset tag, e.g. `AAQQLC+SFProDisplay-Regular`. */
  baseFont: string
  subsetTag: string | null
  /** BaseFont without the subset tag. */
  name: string
  subtype: string
  /** CIDFontType2 / CIDFontType0 for Type0 fonts. */
  descendantSubtype: string | null
  encoding: string | null
  /** 2 for Identity-H/V composite fonts, else 1. */
  bytesPerCode: number
  hasToUnicode: boolean
  toUnicode: Record<number, string>
  embedded: 'FontFile' | 'FontFile2' | 'FontFile3' | null
  cidToGid: 'Identity' | 'stream' | null
  /** CID → glyph id from a /CIDToGIDMap stream (non-zero entries only); empty otherwise. */
  cidToGidMap: Record<number, number>
  /** Code (CID or simple code) → width in glyph-space thousandths, from /W or /Widths. */
  widths: Record<number, number>
  defaultWidth: number | null
  program: TrueTypeSummary | null
}

export interface PdfImageInfo {
  resource: string
  width: number
  height: number
  bitsPerComponent: number | null
  colorSpace: string | null
  filters: string[]
  hasSMask: boolean
}

export interface PdfPageStructure {
  index: number
  mediaBox: number[]
  cropBox: number[] | null
  trimBox: number[] | null
  rotate: number
  width: number
  height: number
  fonts: PdfFontInfo[]
  images: PdfImageInfo[]
  /** Form XObject resource names (their content is not expanded). */
  forms: string[]
  annotations: number
  contentStreams: number
  /** Object numbers of the page's content streams. */
  contentStreamNums: number[]
  /** Operators of the page's content streams, concatenated in order. */
  operations: ContentOp[]
  /** Decimal places of numeric operands: count per number of places. */
  numberDecimals: Record<number, number>
  /** How the content writes strings: hex or literal, and which escapes. */
  stringSyntax: StringSyntax
  /** Whitespace around operators: style (`(…)op`, `[…] op`, `op\n·`) → count (see content-tokenizer). */
  operatorSpacing: Record<string, number>
  /** Per content stream, the whitespace it ends with, as written (`\r\n`, `\n`, empty). */
  contentEnds: string[]
  pageKeys: string[]
}

export interface PdfStructure {
  byteLength: number
  /** `%PDF-x.y` header version, e.g. `1.4`; null when the header is missing. */
  headerVersion: string | null
  headerOffset: number
  /** The comment line after the header (writers put 4+ binary bytes there), hex, at most 16 bytes. */
  headerComment: string | null
  /** Oldest first. Empty when the xref chain was unreadable and the table was rebuilt. */
  revisions: PdfRevision[]
  xrefKind: 'table' | 'stream' | 'hybrid' | 'mixed' | 'reconstructed'
  /** True when the xref was unusable and objects were found by scanning `n g obj` headers. */
  xrefReconstructed: boolean
  xrefProblems: string[]
  /**
   * The newest classic xref section, from `xref` to the end of the file, as Latin-1 text: its byte syntax
   * (entry length, line ends) is the writer's. Null for xref streams and rebuilt tables.
   */
  xrefTail: string | null
  /** Raw counts of the markers in the bytes (an incremental update adds one of each). */
  eofMarkers: number
  startxrefMarkers: number
  /** Bytes after the last %%EOF, and how many of them are not whitespace. */
  bytesAfterEof: number
  nonWhitespaceAfterEof: number
  trailer: {
    keys: string[]
    /** The two /ID halves as lowercase hex; null when /ID is absent. */
    id: [string, string] | null
    size: number | null
    hasInfo: boolean
    hasRoot: boolean
  }
  objects: PdfObjectInfo[]
  objectStreams: number
  streams: PdfStreamInfo[]
  catalog: {
    keys: string[]
    version: string | null
    /** XMP packet text when /Metadata is present and decodable. */
    xmp: string | null
    hasMetadata: boolean
    /** /S of each output intent (e.g. `GTS_PDFA1`). */
    outputIntents: string[]
    marked: boolean | null
    hasStructTreeRoot: boolean
  }
  info: Record<string, string>
  infoKeys: string[]
  linearized: boolean
  pageCount: number
  pages: PdfPageStructure[]
}
