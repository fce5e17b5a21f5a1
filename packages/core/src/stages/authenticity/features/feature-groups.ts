/**
 * The three groups of a document's facts (see features.ts): categorical (compared whole), members (every
 * member must be known) and numeric (compared against an envelope), each read from the structure and the
 * first page's drawing.
 */
import type { PdfPageStructure, PdfStructure } from '../../../readers/pdf/structure/structure-types'
import type { FontUsage } from './glyph-usage'
import type { DrawnRun, PageDrawing } from './page-drawing'
import type { TextSegment } from './text-segments'
import { valueShape } from './value-shape'
import { xrefSyntax } from './xref-syntax'

function idShape(id: [string, string] | null): string {
  if (!id) return 'absent'
  return `${id[0] === id[1] ? 'equal' : 'different'}:${id[0].length / 2}`
}

function dateRule(creation: string | undefined, mod: string | undefined): string {
  if (mod === undefined) return creation === undefined ? 'none' : 'creation-only'
  if (creation === undefined) return 'mod-only'
  return creation === mod ? 'equal' : 'different'
}

function tz(date: string | undefined): string {
  if (!date) return 'none'
  const m = /(Z|[+-]\d\d'?\d\d'?)$/.exec(date)
  return m ? m[1]! : 'local'
}

export function categoricalFacts(
  s: PdfStructure,
  page: PdfPageStructure,
  runs: DrawnRun[],
): Record<string, string> {
  const textShowing = new Set(runs.map((r) => r.op))
  const xref = xrefSyntax(s.xrefTail)
  return {
    producer: s.info['Producer'] ?? '(none)',
    creator: s.info['Creator'] ?? '(none)',
    infoKeys: s.infoKeys.join(' '),
    headerVersion: s.headerVersion ?? '(none)',
    headerComment: s.headerComment ?? '(none)',
    catalogVersion: s.catalog.version ?? '(none)',
    idShape: idShape(s.trailer.id),
    trailerKeys: s.trailer.keys.filter((k) => k !== 'Prev').join(' '),
    catalogKeys: s.catalog.keys.join(' '),
    xrefKind: s.xrefKind,
    xrefEntries: xref.entries,
    xrefLineEnds: xref.lineEnds,
    xmp: String(s.catalog.xmp !== null),
    outputIntents: s.catalog.outputIntents.join(' ') || '(none)',
    marked: String(s.catalog.marked),
    linearized: String(s.linearized),
    dateRule: dateRule(s.info['CreationDate'], s.info['ModDate']),
    creationDateTz: tz(s.info['CreationDate']),
    fontSet: [...new Set(page.fonts.map((f) => f.name))].sort().join(' '),
    textShowing: [...textShowing].sort().join(' '),
    pageRotate: String(page.rotate),
  }
}

/** Shapes of the Info values other than Producer and Creator, as `Key=shape`. */
function infoShapes(s: PdfStructure): string[] {
  const shapes: string[] = []
  for (const key of s.infoKeys) {
    if (key === 'Producer' || key === 'Creator') continue
    const v = s.info[key]
    if (v !== undefined) shapes.push(`${key}=${valueShape(v)}`)
  }
  return shapes
}

/** Which string syntaxes the page's content uses. */
function stringSyntaxKinds(x: PdfPageStructure['stringSyntax']): string[] {
  const kinds: string[] = []
  if (x.literal > 0) kinds.push('literal')
  if (x.hex > 0) kinds.push('hex')
  if (x.octalEscapes > 0) kinds.push('octal-escapes')
  if (x.letterEscapes > 0) kinds.push('letter-escapes')
  if (x.delimiterEscapes > 0) kinds.push('delimiter-escapes')
  return kinds
}

export function memberFacts(
  s: PdfStructure,
  page: PdfPageStructure,
  drawing: PageDrawing,
): Record<string, string[]> {
  const runs = drawing.runs
  const contentStreamNums = new Set<number>()
  for (const o of s.objects) if (o.isStream && o.type === null) contentStreamNums.add(o.num)
  const kerns = new Set<string>()
  for (const r of runs) for (const k of r.kerns) kerns.add(String(+k.toFixed(3)))
  return {
    infoShapes: infoShapes(s),
    operators: [...drawing.operators].sort(),
    fontProps: page.fonts.map(
      (f) =>
        `${f.name}:${f.subtype}/${f.descendantSubtype ?? '-'}/${f.encoding ?? '-'}/${f.hasToUnicode ? 'tu' : 'no-tu'}/${f.embedded ?? 'not-embedded'}/${f.subsetTag ? 'subset' : 'full'}`,
    ),
    subsetTagShapes: page.fonts.map((f) => f.subsetTag ?? '(none)'),
    filterChains: [...new Set(s.streams.map((x) => x.filters.join('+') || '(none)'))],
    zlibHeaders: [
      ...new Set(s.streams.filter((x) => contentStreamNums.has(x.num) && x.zlib).map((x) => x.zlib!.header)),
    ],
    renderModes: [...new Set(runs.map((r) => String(r.renderMode)))],
    textFills: [...new Set(runs.map((r) => r.fill))],
    fontSizes: [...new Set(runs.map((r) => String(+r.size.toFixed(2))))],
    kerns: [...kerns],
    contentEnds: [...new Set(page.contentEnds)],
    operatorSpacing: Object.keys(page.operatorSpacing),
    stringSyntax: stringSyntaxKinds(page.stringSyntax),
  }
}

/** The structure's counts (file, objects, streams, page). */
function structureCounts(s: PdfStructure, page: PdfPageStructure) {
  return {
    revisions: s.revisions.length,
    eofMarkers: s.eofMarkers,
    startxrefMarkers: s.startxrefMarkers,
    nonWhitespaceAfterEof: s.nonWhitespaceAfterEof,
    objectStreams: s.objectStreams,
    objectCount: s.objects.length,
    streamCount: s.streams.length,
    byteLength: s.byteLength,
    pageCount: s.pageCount,
    pageWidth: page.width,
    pageHeight: page.height,
  }
}

export function numericFacts(
  s: PdfStructure,
  page: PdfPageStructure,
  runs: DrawnRun[],
  segments: TextSegment[],
  usage: FontUsage[],
): Record<string, number> {
  return {
    ...structureCounts(s, page),
    // Page height minus the lowest text baseline: constant where the page grows with the rows (VTB, T-Bank).
    pageBottomMargin: +(page.height - Math.max(0, ...segments.map((x) => x.baseline))).toFixed(2),
    imageCount: page.images.length,
    annotations: page.annotations,
    textBlocks: page.operations.filter((o) => o.op === 'BT').length,
    textOps: runs.length,
    maxDecimals: Math.max(0, ...Object.keys(page.numberDecimals).map(Number)),
    maxCodesPerString: Math.max(0, ...runs.flatMap((r) => r.stringLengths)),
    unusedGlyphs: Math.max(0, ...usage.map((u) => u.unusedGlyphs)),
    uncoveredCodes: usage.reduce((n, u) => n + u.uncoveredCodes, 0),
    missingGlyphs: usage.reduce((n, u) => n + u.missingGlyphs, 0),
    widthMismatches: usage.reduce((n, u) => n + u.widthMismatches, 0),
    firstUseOrdered: Math.min(1, ...usage.map((u) => u.firstUseOrdered)),
    lengthMismatches: s.streams.filter((x) => x.lengthMismatch).length,
    foreignDeflate: s.streams.filter(
      (x) =>
        page.contentStreamNums.includes(x.num) &&
        x.filters[0] === 'FlateDecode' &&
        x.classicZlibLevel === null,
    ).length,
    decodeErrors: s.streams.filter((x) => x.decodeError !== null).length,
  }
}
