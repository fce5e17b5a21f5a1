/**
 * Checks a document's structural features against its family's fingerprint. Each feature has one stable
 * check name and a severity: invariants that no genuine file of the family breaks are hard; facts that
 * may legitimately vary on unseen variants (sizes, counts, vocabulary) are soft.
 */
import type { CheckResult } from '@rv/schemas'
import type { DocumentFeatures } from './features'
import type { Fingerprint } from './fingerprint'

interface FeatureRule {
  name: string
  hard: boolean
  what: string
}

const CATEGORICAL: Record<string, FeatureRule> = {
  producer: { name: 'generator.producer', hard: true, what: 'Info /Producer' },
  creator: { name: 'generator.creator', hard: true, what: 'Info /Creator' },
  infoKeys: { name: 'generator.info_keys', hard: true, what: 'Info dictionary keys' },
  headerVersion: { name: 'generator.header_version', hard: true, what: 'header %PDF version' },
  headerComment: {
    name: 'generator.header_comment',
    hard: true,
    what: 'binary comment line after the header',
  },
  catalogVersion: { name: 'generator.catalog_version', hard: true, what: 'catalog /Version' },
  idShape: {
    name: 'generator.id_shape',
    hard: true,
    what: 'trailer /ID shape (halves equal/different, bytes)',
  },
  trailerKeys: { name: 'structure.trailer_keys', hard: true, what: 'trailer keys' },
  xrefKind: { name: 'structure.xref_kind', hard: true, what: 'cross-reference kind' },
  // The writer's byte layout of the table (xref-syntax.ts): no genuine file of a family departs from it.
  xrefEntries: {
    name: 'structure.xref_entry_syntax',
    hard: true,
    what: 'xref entry length:ending (the spec: 20 bytes, ending SP+CR, SP+LF or CRLF)',
  },
  xrefLineEnds: {
    name: 'structure.xref_line_ends',
    hard: true,
    what: 'line ends of xref, subsections, trailer, startxref and %%EOF',
  },
  dateRule: { name: 'generator.date_fields', hard: true, what: 'CreationDate/ModDate presence and equality' },
  creationDateTz: { name: 'generator.date_timezone', hard: true, what: 'CreationDate time zone' },
  xmp: { name: 'generator.xmp', hard: true, what: 'XMP metadata present' },
  outputIntents: { name: 'generator.output_intents', hard: true, what: 'output intents' },
  marked: { name: 'generator.tagged', hard: true, what: '/MarkInfo /Marked' },
  fontSet: { name: 'fonts.set', hard: true, what: 'font set' },
  textShowing: { name: 'content.text_operators', hard: true, what: 'text-showing operators' },
  catalogKeys: { name: 'structure.catalog_keys', hard: false, what: 'catalog keys' },
  linearized: { name: 'structure.linearized', hard: false, what: 'linearised' },
  pageRotate: { name: 'structure.page_rotate', hard: false, what: 'page /Rotate' },
}

const MEMBERS: Record<string, FeatureRule> = {
  fontProps: { name: 'fonts.properties', hard: true, what: 'font type/encoding/ToUnicode/embedding' },
  stringSyntax: {
    name: 'content.string_syntax',
    hard: true,
    what: 'string syntax of the content (hex/literal, escapes the writer uses)',
  },
  infoShapes: { name: 'generator.info_value_shapes', hard: true, what: 'Info value shapes' },
  operators: { name: 'content.operator_vocabulary', hard: false, what: 'content operators' },
  // Whitespace habits: as consistent as the writer, but a style is less than an invariant of the format.
  contentEnds: {
    name: 'content.stream_end',
    hard: false,
    what: 'whitespace each page content stream ends with',
  },
  operatorSpacing: {
    name: 'content.operator_spacing',
    hard: false,
    what: 'whitespace between operands and operator, and after operators (`(…)op` = none, `(…) op` = a space)',
  },
  filterChains: { name: 'structure.stream_filters', hard: false, what: 'stream filter chains' },
  renderModes: { name: 'content.render_modes', hard: false, what: 'text render modes' },
  textFills: { name: 'content.text_colours', hard: false, what: 'text fill colours' },
  fontSizes: { name: 'content.font_sizes', hard: false, what: 'font sizes' },
  kerns: { name: 'content.kerning', hard: false, what: 'TJ kern values' },
}

/** Hard numeric invariants: the document must not exceed what genuine files showed. */
const AT_MOST: Record<string, FeatureRule> = {
  revisions: { name: 'revisions.single', hard: true, what: 'revisions (xref sections on the /Prev chain)' },
  eofMarkers: { name: 'revisions.eof_markers', hard: true, what: '%%EOF markers' },
  startxrefMarkers: { name: 'revisions.startxref_markers', hard: true, what: 'startxref markers' },
  nonWhitespaceAfterEof: {
    name: 'revisions.bytes_after_eof',
    hard: true,
    what: 'non-whitespace bytes after %%EOF',
  },
  objectStreams: { name: 'structure.object_streams', hard: true, what: 'object streams' },
  pageCount: { name: 'structure.page_count', hard: true, what: 'pages' },
  unusedGlyphs: { name: 'fonts.unused_glyphs', hard: true, what: 'embedded glyphs the page never draws' },
  uncoveredCodes: {
    name: 'fonts.uncovered_codes',
    hard: true,
    what: 'drawn codes missing from the subset, widths or ToUnicode',
  },
  widthMismatches: {
    name: 'fonts.widths_vs_program',
    hard: true,
    what: '/W widths disagreeing with the embedded font',
  },
  foreignDeflate: {
    name: 'structure.deflate_fingerprint',
    hard: true,
    what: 'content streams not byte-identical to the classic zlib output the generator writes',
  },
  lengthMismatches: { name: 'structure.stream_lengths', hard: true, what: 'streams whose /Length is wrong' },
  decodeErrors: { name: 'structure.stream_decoding', hard: true, what: 'streams that fail to decode' },
}

/** Envelopes that vary per variant: soft. */
const WITHIN: Record<string, FeatureRule> = {
  objectCount: { name: 'structure.object_count', hard: false, what: 'object count' },
  streamCount: { name: 'structure.stream_count', hard: false, what: 'stream count' },
  byteLength: { name: 'structure.file_size', hard: false, what: 'file size (bytes)' },
  pageWidth: { name: 'structure.page_width', hard: true, what: 'page width (pt)' },
  pageHeight: { name: 'structure.page_height', hard: false, what: 'page height (pt)' },
  imageCount: { name: 'structure.image_count', hard: false, what: 'images on the page' },
  annotations: { name: 'structure.annotations', hard: false, what: 'annotations' },
  textBlocks: { name: 'content.text_blocks', hard: false, what: 'BT blocks' },
  textOps: { name: 'content.text_op_count', hard: false, what: 'text-showing operators' },
  maxDecimals: { name: 'content.number_format', hard: false, what: 'decimal places of numbers' },
}

function show(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ')
}

export function fingerprintChecks(f: DocumentFeatures, fp: Fingerprint): CheckResult[] {
  const out: CheckResult[] = []
  for (const [key, rule] of Object.entries(CATEGORICAL)) {
    const allowed = fp.categorical[key]
    const found = f.categorical[key]
    if (!allowed || found === undefined) continue
    const passed = allowed.includes(found)
    out.push({
      name: rule.name,
      hard: rule.hard,
      passed,
      detail: `${rule.what}: expected one of ${show(allowed)}; found ${JSON.stringify(found)}`,
    })
  }
  for (const [key, rule] of Object.entries(MEMBERS)) {
    const allowed = fp.members[key]
    const found = f.members[key]
    if (!allowed || !found) continue
    const extra = found.filter((v) => !allowed.includes(v))
    out.push({
      name: rule.name,
      hard: rule.hard,
      passed: extra.length === 0,
      detail:
        extra.length === 0
          ? `${rule.what}: all ${found.length} within the family's set`
          : `${rule.what}: expected only ${show(allowed)}; found also ${show(extra)}`,
    })
  }
  for (const [key, rule] of Object.entries(AT_MOST)) {
    const env = fp.numeric[key]
    const found = f.numeric[key]
    if (!env || found === undefined) continue
    out.push({
      name: rule.name,
      hard: rule.hard,
      passed: found <= env.max,
      detail: `${rule.what}: expected at most ${env.max}; found ${found}`,
    })
  }
  for (const [key, rule] of Object.entries(WITHIN)) {
    const env = fp.numeric[key]
    const found = f.numeric[key]
    if (!env || found === undefined) continue
    out.push({
      name: rule.name,
      hard: rule.hard,
      passed: found >= env.min && found <= env.max,
      detail: `${rule.what}: expected ${env.min}–${env.max}; found ${found}`,
    })
  }
  const perGlyph = fp.numeric['maxCodesPerString']
  if (perGlyph && perGlyph.max === 1) {
    const found = f.numeric['maxCodesPerString'] ?? 0
    out.push({
      name: 'content.glyph_per_string',
      hard: true,
      passed: found <= 1,
      detail: `text style: expected every TJ string to hold one glyph; found strings of up to ${found} glyphs`,
    })
  }
  const ordered = fp.numeric['firstUseOrdered']
  if (ordered && ordered.min === 1) {
    const found = f.numeric['firstUseOrdered'] ?? 0
    out.push({
      name: 'fonts.first_use_order',
      hard: true,
      passed: found === 1,
      detail:
        found === 1
          ? 'glyph codes numbered in order of first use, as the generator subsets'
          : 'expected glyph codes numbered 1, 2, 3… in order of first use; found a code drawn before its turn',
    })
  }
  const re = new RegExp(fp.subsetTagPattern)
  const badTags = (f.members['subsetTagShapes'] ?? []).filter((t) => !re.test(t))
  out.push({
    name: 'fonts.subset_tag',
    hard: false,
    passed: badTags.length === 0,
    detail:
      badTags.length === 0
        ? `subset tags match ${fp.subsetTagPattern}`
        : `subset tags expected to match ${fp.subsetTagPattern}; found ${show(badTags)}`,
  })
  return out
}
