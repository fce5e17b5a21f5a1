/**
 * Checks a document's structural features against its family's fingerprint. Each feature has one stable
 * check name. Everything here is learned from genuine samples (sets, envelopes, maxima), so every check is
 * soft: it weighs by its measured false-alarm rate (verdict-score.ts). The by-construction facts of the
 * same features (one revision, 20-byte xref entries, glyphs the font lacks, editing tools) are the hard
 * checks of hard-checks.ts.
 */
import type { CheckResult } from '@rv/schemas'
import type { DocumentFeatures } from '../features/features'
import type { Fingerprint } from '../fingerprint/fingerprint'
import {
  matchVersion,
  VERSION_BOUND_CHECKS,
  type VersionMatch,
  versionLabel,
} from '../fingerprint/generator-versions'

interface FeatureRule {
  name: string
  what: string
}

const CATEGORICAL: Record<string, FeatureRule> = {
  producer: { name: 'generator.producer', what: 'Info /Producer' },
  creator: { name: 'generator.creator', what: 'Info /Creator' },
  infoKeys: { name: 'generator.info_keys', what: 'Info dictionary keys' },
  headerVersion: { name: 'generator.header_version', what: 'header %PDF version' },
  headerComment: {
    name: 'generator.header_comment',
    what: 'binary comment line after the header',
  },
  catalogVersion: { name: 'generator.catalog_version', what: 'catalog /Version' },
  idShape: {
    name: 'generator.id_shape',
    what: 'trailer /ID shape (halves equal/different, bytes)',
  },
  trailerKeys: { name: 'structure.trailer_keys', what: 'trailer keys' },
  xrefKind: { name: 'structure.xref_kind', what: 'cross-reference kind' },
  // The writer's byte layout of the table (xref-syntax.ts): no genuine file of a family departs from it.
  xrefEntries: {
    name: 'structure.xref_entry_syntax',
    what: 'xref entry length:ending (the spec: 20 bytes, ending SP+CR, SP+LF or CRLF)',
  },
  xrefLineEnds: {
    name: 'structure.xref_line_ends',
    what: 'line ends of xref, subsections, trailer, startxref and %%EOF',
  },
  dateRule: { name: 'generator.date_fields', what: 'CreationDate/ModDate presence and equality' },
  creationDateTz: { name: 'generator.date_timezone', what: 'CreationDate time zone' },
  xmp: { name: 'generator.xmp', what: 'XMP metadata present' },
  outputIntents: { name: 'generator.output_intents', what: 'output intents' },
  marked: { name: 'generator.tagged', what: '/MarkInfo /Marked' },
  fontSet: { name: 'fonts.set', what: 'font set' },
  textShowing: { name: 'content.text_operators', what: 'text-showing operators' },
  catalogKeys: { name: 'structure.catalog_keys', what: 'catalog keys' },
  linearized: { name: 'structure.linearized', what: 'linearised' },
  pageRotate: { name: 'structure.page_rotate', what: 'page /Rotate' },
}

const MEMBERS: Record<string, FeatureRule> = {
  fontProps: { name: 'fonts.properties', what: 'font type/encoding/ToUnicode/embedding' },
  stringSyntax: {
    name: 'content.string_syntax',
    what: 'string syntax of the content (hex/literal, escapes the writer uses)',
  },
  infoShapes: { name: 'generator.info_value_shapes', what: 'Info value shapes' },
  operators: { name: 'content.operator_vocabulary', what: 'content operators' },
  // Whitespace habits: as consistent as the writer, but a style is less than an invariant of the format.
  contentEnds: {
    name: 'content.stream_end',
    what: 'whitespace each page content stream ends with',
  },
  operatorSpacing: {
    name: 'content.operator_spacing',
    what: 'whitespace between operands and operator, and after operators (`(…)op` = none, `(…) op` = a space)',
  },
  filterChains: { name: 'structure.stream_filters', what: 'stream filter chains' },
  renderModes: { name: 'content.render_modes', what: 'text render modes' },
  textFills: { name: 'content.text_colours', what: 'text fill colours' },
  fontSizes: { name: 'content.font_sizes', what: 'font sizes' },
  kerns: { name: 'content.kerning', what: 'TJ kern values' },
}

/** Learned maxima: the document must not exceed what genuine files showed (the by-construction ones are hard-checks.ts). */
const AT_MOST: Record<string, FeatureRule> = {
  objectStreams: { name: 'structure.object_streams', what: 'object streams' },
  pageCount: { name: 'structure.page_count', what: 'pages' },
  unusedGlyphs: { name: 'fonts.unused_glyphs', what: 'embedded glyphs the page never draws' },
  uncoveredCodes: {
    name: 'fonts.uncovered_codes',
    what: 'drawn codes missing from the subset, widths or ToUnicode',
  },
  widthMismatches: {
    name: 'fonts.widths_vs_program',
    what: '/W widths disagreeing with the embedded font',
  },
  foreignDeflate: {
    name: 'structure.deflate_fingerprint',
    what: 'content streams not byte-identical to the classic zlib output the generator writes',
  },
  lengthMismatches: { name: 'structure.stream_lengths', what: 'streams whose /Length is wrong' },
  decodeErrors: { name: 'structure.stream_decoding', what: 'streams that fail to decode' },
}

/** Envelopes that vary per variant. */
const WITHIN: Record<string, FeatureRule> = {
  objectCount: { name: 'structure.object_count', what: 'object count' },
  streamCount: { name: 'structure.stream_count', what: 'stream count' },
  byteLength: { name: 'structure.file_size', what: 'file size (bytes)' },
  pageWidth: { name: 'structure.page_width', what: 'page width (pt)' },
  imageCount: { name: 'structure.image_count', what: 'images on the page' },
  annotations: { name: 'structure.annotations', what: 'annotations' },
  textBlocks: { name: 'content.text_blocks', what: 'BT blocks' },
  textOps: { name: 'content.text_op_count', what: 'text-showing operators' },
  maxDecimals: { name: 'content.number_format', what: 'decimal places of numbers' },
}

function show(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ')
}

/**
 * The facts a document is judged by: its own build's version-bound facts over the family's union when the
 * build is known (generator-versions.ts); the union otherwise.
 */
function factsFor(fp: Fingerprint, match: VersionMatch | null): Fingerprint {
  if (match?.kind !== 'seen') return fp
  const v = match.version
  return {
    ...fp,
    categorical: { ...fp.categorical, ...v.categorical },
    members: { ...fp.members, ...v.members },
    subsetTagPattern: v.subsetTagPattern,
  }
}

function versionCheck(match: VersionMatch, fp: Fingerprint): CheckResult {
  const seen = (fp.versions ?? []).map((v) => `${versionLabel(v)} (${v.samples})`).join('; ')
  const detail =
    match.kind === 'seen'
      ? `generator version ${versionLabel(match.version)}, one of the family's: ${seen}`
      : match.kind === 'unseen_version'
        ? `an unseen version of the family's ${match.libraries.join(' and ')}: its version-bound facts are not judged (versions seen: ${seen})`
        : `not a version of the family's generator libraries (versions seen: ${seen})`
  // Informational: a foreign generator fails the producer/creator checks themselves.
  return { name: 'generator.version', hard: false, passed: true, detail }
}

/** An unseen version of a known library may change its version-bound facts: reported, not judged. */
function notJudged(c: CheckResult, match: VersionMatch | null): CheckResult {
  if (match?.kind !== 'unseen_version' || c.passed || !VERSION_BOUND_CHECKS.has(c.name)) return c
  return { ...c, passed: true, detail: `${c.detail} — not judged: an unseen version of a known generator` }
}

/**
 * Page height: within the learned envelope, or — where the page grows with its rows (VTB, T-Bank) — the
 * lowest text line at the learned distance from the page's bottom edge: a rule, not a constant, so a
 * receipt with a row less is not a stranger, and a row added or removed without resizing the page is.
 */
function pageHeightCheck(f: DocumentFeatures, fp: Fingerprint): CheckResult | null {
  const env = fp.numeric['pageHeight']
  const height = f.numeric['pageHeight']
  if (!env || height === undefined) return null
  const margin = fp.numeric['pageBottomMargin']
  const found = f.numeric['pageBottomMargin']
  const within = height >= env.min && height <= env.max
  if (margin && found !== undefined) {
    const follows = found >= margin.min && found <= margin.max
    return {
      name: 'structure.page_height',
      hard: false,
      passed: follows,
      detail: `page height follows the rows: lowest text line expected ${margin.min}–${margin.max} pt above the bottom edge; found ${found} (page height ${height}, ${within ? 'within' : 'outside'} the ${env.min}–${env.max} seen)`,
    }
  }
  return {
    name: 'structure.page_height',
    hard: false,
    passed: within,
    detail: `page height (pt): expected ${env.min}–${env.max}; found ${height}`,
  }
}

/** Counts that grow with the rows of a page that grows with its rows. */
const ROW_GROWN: ReadonlySet<string> = new Set(['textBlocks', 'textOps', 'byteLength'])

/**
 * Where the page grows with its rows (the fingerprint keeps `pageBottomMargin`: VTB, T-Bank), the sampled
 * maximum of text blocks, text operators and bytes is the habit of the sampled row counts, not a property of
 * the generator: a variant with more rows (VTB's payment by bank details prints 22 rows on a 998 pt page) has a
 * taller page and proportionally more of each. Their upper bounds scale with the page height beyond the
 * tallest sampled; the bottom-margin rule still catches rows added without resizing the page.
 */
function rowGrowth(f: DocumentFeatures, fp: Fingerprint): number {
  const env = fp.numeric['pageHeight']
  const height = f.numeric['pageHeight']
  if (!fp.numeric['pageBottomMargin'] || !env || height === undefined || env.max <= 0) return 1
  return Math.max(1, height / env.max)
}

export function fingerprintChecks(f: DocumentFeatures, family: Fingerprint): CheckResult[] {
  const match = family.versions?.length
    ? matchVersion(
        family.versions,
        f.categorical['producer'] ?? '(none)',
        f.categorical['creator'] ?? '(none)',
      )
    : null
  const fp = factsFor(family, match)
  const out: CheckResult[] = [
    ...(match ? [versionCheck(match, family)] : []),
    ...categoricalChecks(f, fp),
    ...memberChecks(f, fp),
    ...atMostChecks(f, fp),
    ...withinChecks(f, fp),
    ...[
      glyphPerStringCheck(f, fp),
      firstUseOrderCheck(f, fp),
      subsetTagCheck(f, fp),
      pageHeightCheck(f, fp),
    ].filter((c): c is CheckResult => c !== null),
  ]
  return out.map((c) => notJudged(c, match))
}

/** Each categorical feature: one of the values genuine files showed. */
function categoricalChecks(f: DocumentFeatures, fp: Fingerprint): CheckResult[] {
  const out: CheckResult[] = []
  for (const [key, rule] of Object.entries(CATEGORICAL)) {
    const allowed = fp.categorical[key]
    const found = f.categorical[key]
    if (!allowed || found === undefined) continue
    const passed = allowed.includes(found)
    out.push({
      name: rule.name,
      hard: false,
      passed,
      detail: `${rule.what}: expected one of ${show(allowed)}; found ${JSON.stringify(found)}`,
    })
  }
  return out
}

/** Each set feature: every member within the family's set. */
function memberChecks(f: DocumentFeatures, fp: Fingerprint): CheckResult[] {
  const out: CheckResult[] = []
  for (const [key, rule] of Object.entries(MEMBERS)) {
    const allowed = fp.members[key]
    const found = f.members[key]
    if (!allowed || !found) continue
    const extra = found.filter((v) => !allowed.includes(v))
    out.push({
      name: rule.name,
      hard: false,
      passed: extra.length === 0,
      detail:
        extra.length === 0
          ? `${rule.what}: all ${found.length} within the family's set`
          : `${rule.what}: expected only ${show(allowed)}; found also ${show(extra)}`,
    })
  }
  return out
}

/** Each learned maximum: not exceeded. */
function atMostChecks(f: DocumentFeatures, fp: Fingerprint): CheckResult[] {
  const out: CheckResult[] = []
  for (const [key, rule] of Object.entries(AT_MOST)) {
    const env = fp.numeric[key]
    const found = f.numeric[key]
    if (!env || found === undefined) continue
    out.push({
      name: rule.name,
      hard: false,
      passed: found <= env.max,
      detail: `${rule.what}: expected at most ${env.max}; found ${found}`,
    })
  }
  return out
}

/** Each envelope: within it, the row-grown counts scaled with a page taller than any sampled. */
function withinChecks(f: DocumentFeatures, fp: Fingerprint): CheckResult[] {
  const out: CheckResult[] = []
  const grown = rowGrowth(f, fp)
  for (const [key, rule] of Object.entries(WITHIN)) {
    const env = fp.numeric[key]
    const found = f.numeric[key]
    if (!env || found === undefined) continue
    const max = ROW_GROWN.has(key) ? Math.ceil(env.max * grown) : env.max
    const scaled = max !== env.max ? ` (×${grown.toFixed(2)}: a page taller than any sampled)` : ''
    out.push({
      name: rule.name,
      hard: false,
      passed: found >= env.min && found <= max,
      detail: `${rule.what}: expected ${env.min}–${max}${scaled}; found ${found}`,
    })
  }
  return out
}

/** A family whose every TJ string holds one glyph. */
function glyphPerStringCheck(f: DocumentFeatures, fp: Fingerprint): CheckResult | null {
  const perGlyph = fp.numeric['maxCodesPerString']
  if (perGlyph?.max !== 1) return null
  const found = f.numeric['maxCodesPerString'] ?? 0
  return {
    name: 'content.glyph_per_string',
    hard: false,
    passed: found <= 1,
    detail: `text style: expected every TJ string to hold one glyph; found strings of up to ${found} glyphs`,
  }
}

/** A family that numbers glyph codes in order of first use. */
function firstUseOrderCheck(f: DocumentFeatures, fp: Fingerprint): CheckResult | null {
  const ordered = fp.numeric['firstUseOrdered']
  if (ordered?.min !== 1) return null
  const found = f.numeric['firstUseOrdered'] ?? 0
  return {
    name: 'fonts.first_use_order',
    hard: false,
    passed: found === 1,
    detail:
      found === 1
        ? 'glyph codes numbered in order of first use, as the generator subsets'
        : 'expected glyph codes numbered 1, 2, 3… in order of first use; found a code drawn before its turn',
  }
}

/** Every font subset tag in the family's shape. */
function subsetTagCheck(f: DocumentFeatures, fp: Fingerprint): CheckResult {
  const re = new RegExp(fp.subsetTagPattern)
  const badTags = (f.members['subsetTagShapes'] ?? []).filter((t) => !re.test(t))
  return {
    name: 'fonts.subset_tag',
    hard: false,
    passed: badTags.length === 0,
    detail:
      badTags.length === 0
        ? `subset tags match ${fp.subsetTagPattern}`
        : `subset tags expected to match ${fp.subsetTagPattern}; found ${show(badTags)}`,
  }
}
