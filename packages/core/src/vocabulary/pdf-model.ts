/**
 * The parsed PDF, shared by extraction and authenticity: parse once, read many times.
 * `structure` is the raw object graph (owned by `pdf/structure/`); `text` is the positioned text layer
 * (owned by `pdf/text/`). Coordinates are PDF points with the origin at the TOP-LEFT of the page,
 * the same convention as `pdftotext -bbox-layout` and FAMILIES.md.
 */

/** One drawn run of text (one text-showing operator or one merged line, as the text layer decides). */
export interface TextRun {
  page: number
  text: string
  /** Left edge, points from the left page edge. */
  x: number
  /** Top edge, points from the top page edge. */
  y: number
  width: number
  height: number
  /** Font resource's base font name with the subset tag stripped, e.g. `Tahoma`. */
  fontName: string
  fontSize: number
  /** Set only for text read by OCR from an image: the engine's confidence in [0, 1] (lowest of its words). */
  confidence?: number
}

export interface PdfPage {
  index: number
  width: number
  height: number
}

/** PDF Info dictionary values, decoded to strings (PDF dates kept verbatim, e.g. `D:20260308123138+00'00'`). */
export type PdfInfo = Readonly<Record<string, string>>

export interface PdfModel {
  byteLength: number
  pages: readonly PdfPage[]
  info: PdfInfo
  /** Positioned text runs of every page in reading order (top to bottom, then left to right). */
  runs: readonly TextRun[]
  /** Raw structure for forensics; see pdf/structure. Typed there to keep this file small. */
  structure: unknown
}

/** Bounds that keep hostile input cheap: enforced by the parser, not by the caller's good will. */
export interface PdfLimits {
  maxBytes: number
  maxPages: number
  /** Total bytes produced by decompressing all streams. */
  maxInflatedBytes: number
  maxObjects: number
}

export const defaultPdfLimits: PdfLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPages: 5,
  maxInflatedBytes: 50 * 1024 * 1024,
  maxObjects: 20_000,
}
