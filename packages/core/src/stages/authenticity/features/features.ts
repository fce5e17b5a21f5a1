/**
 * The measurable facts of one document that fingerprints are learned from and checked against. Only
 * structural facts: no text, no values. Producer/creator strings are software names, and other Info
 * values are reduced to their shape (digits → 9, letters → a/A).
 */
import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import { type FontProgramFacts, fontProgramFacts } from './font-program-checks'
import { fontUsage } from './glyph-usage'
import { drawPage, type PageDrawing } from './page-drawing'
import { type TextPosition, textPositions } from './position-grid'
import { buildSegments, type TextSegment } from './text-segments'
import { xrefSyntax } from './xref-syntax'

export interface DocumentFeatures {
  /** Categorical facts: each is compared as a whole value against the learned set. */
  categorical: Record<string, string>
  /** Multi-valued facts: every member must be in the learned set. */
  members: Record<string, string[]>
  /** Numeric facts: compared against a learned envelope. */
  numeric: Record<string, number>
  /** Layout anchors of every text segment. */
  segments: TextSegment[]
  drawing: PageDrawing
  /** Text position operands as written (Tm/Td/TD translations), for the layout-grid check. */
  textPositions: TextPosition[]
  /** Font programs and deflate levels (font-program-checks.ts). */
  fontProgram: FontProgramFacts
}

/**
 * Shape of an Info value, learned as a type: long hex runs and UUIDs → #, Latin → a/A, Cyrillic → я/Я, and
 * digits by their format — a PDF date (`D:` + 14), a printed date (`DD.MM.YYYY`), a time (`HH:MM[:SS]`) and a
 * zone (`+HH'MM'`) keep one 9 per digit; any other run of digits is a number of some digits (`9+`). A counter's
 * length is a habit of the sample (T-Bank's `Keywords` ends in 3 to 5 digits), not the generator's format.
 */
export function valueShape(value: string): string {
  return typeDigitRuns(
    value
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '#')
      .replace(/[0-9a-f]{16,}/g, '#')
      .replace(/[0-9]/g, '9')
      .replace(/[a-z]/g, 'a')
      .replace(/[A-Z]/g, 'A')
      .replace(/[а-яё]/g, 'я')
      .replace(/[А-ЯЁ]/g, 'Я'),
  )
}

/** Digit formats whose length is the format's (see valueShape). */
const FIXED_DIGIT_FORMATS = /A:9{14}|9{2}\.9{2}\.9{4}|9{2}:9{2}(?::9{2})?|[+-]9{2}'9{2}'?/g

/** In a shape (digits already 9), every run of 9 outside a fixed format becomes `9+`. */
export function typeDigitRuns(shape: string): string {
  let out = ''
  let last = 0
  for (const m of shape.matchAll(FIXED_DIGIT_FORMATS)) {
    out += shape.slice(last, m.index).replace(/9+/g, '9+') + m[0]
    last = m.index + m[0].length
  }
  return out + shape.slice(last).replace(/9+/g, '9+')
}

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

export function documentFeatures(s: PdfStructure): DocumentFeatures {
  const page = s.pages[0]!
  const drawing = drawPage(page)
  const segments = buildSegments(drawing.runs)
  const usage = fontUsage(page.fonts, drawing.runs)
  const runs = drawing.runs
  const contentStreamNums = new Set<number>()
  for (const o of s.objects) if (o.isStream && o.type === null) contentStreamNums.add(o.num)
  const infoShapes: string[] = []
  for (const key of s.infoKeys) {
    if (key === 'Producer' || key === 'Creator') continue
    const v = s.info[key]
    if (v !== undefined) infoShapes.push(`${key}=${valueShape(v)}`)
  }
  const kerns = new Set<string>()
  for (const r of runs) for (const k of r.kerns) kerns.add(String(+k.toFixed(3)))
  const textShowing = new Set(runs.map((r) => r.op))
  const bt = page.operations.filter((o) => o.op === 'BT').length
  const maxDecimals = Math.max(0, ...Object.keys(page.numberDecimals).map(Number))
  const xref = xrefSyntax(s.xrefTail)
  return {
    categorical: {
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
    },
    members: {
      infoShapes,
      operators: [...drawing.operators].sort(),
      fontProps: page.fonts.map(
        (f) =>
          `${f.name}:${f.subtype}/${f.descendantSubtype ?? '-'}/${f.encoding ?? '-'}/${f.hasToUnicode ? 'tu' : 'no-tu'}/${f.embedded ?? 'not-embedded'}/${f.subsetTag ? 'subset' : 'full'}`,
      ),
      subsetTagShapes: page.fonts.map((f) => f.subsetTag ?? '(none)'),
      filterChains: [...new Set(s.streams.map((x) => x.filters.join('+') || '(none)'))],
      zlibHeaders: [
        ...new Set(
          s.streams.filter((x) => contentStreamNums.has(x.num) && x.zlib).map((x) => x.zlib!.header),
        ),
      ],
      renderModes: [...new Set(runs.map((r) => String(r.renderMode)))],
      textFills: [...new Set(runs.map((r) => r.fill))],
      fontSizes: [...new Set(runs.map((r) => String(+r.size.toFixed(2))))],
      kerns: [...kerns],
      contentEnds: [...new Set(page.contentEnds)],
      operatorSpacing: Object.keys(page.operatorSpacing),
      stringSyntax: (() => {
        const x = page.stringSyntax
        const kinds: string[] = []
        if (x.literal > 0) kinds.push('literal')
        if (x.hex > 0) kinds.push('hex')
        if (x.octalEscapes > 0) kinds.push('octal-escapes')
        if (x.letterEscapes > 0) kinds.push('letter-escapes')
        if (x.delimiterEscapes > 0) kinds.push('delimiter-escapes')
        return kinds
      })(),
    },
    numeric: {
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
      // Page height minus the lowest text baseline: constant where the page grows with the rows (VTB, T-Bank).
      pageBottomMargin: +(page.height - Math.max(0, ...segments.map((x) => x.baseline))).toFixed(2),
      imageCount: page.images.length,
      annotations: page.annotations,
      textBlocks: bt,
      textOps: runs.length,
      maxDecimals,
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
    },
    segments,
    drawing,
    textPositions: textPositions(page.operations),
    fontProgram: fontProgramFacts(s, runs),
  }
}
