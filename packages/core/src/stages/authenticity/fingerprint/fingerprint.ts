/**
 * A family's fingerprint: what every genuine receipt of the family has in common, learned from genuine
 * files (`learnFingerprint`) or, for families with too few files, written from FAMILIES.md as data.
 * Sets are unions of what was seen, envelopes are ranges widened by a margin, anchors are x positions
 * that recur across documents. No text and no values of any receipt are kept.
 */
import type { DocumentFeatures } from '../features/features'
import { type FontProgramFingerprint, learnFontProgram } from '../features/font-program-checks'
import { learnPositionGrid } from '../features/position-grid'
import type { PrintedFacts } from '../features/printed-facts'
import { type GeneratorVersion, learnVersions } from './generator-versions'

export interface Envelope {
  min: number
  max: number
}

/** How often each soft check fired on genuine receipts it had not been learned from (inner k-fold). */
export interface Calibration {
  /** How the counts were measured, e.g. `inner 5-fold`. */
  method: string
  /** Per check name: genuine receipts judged out of sample, and how many of them the check failed. */
  checks: Record<string, { judged: number; fired: number }>
  /**
   * The same inner k-fold counts per stratum (`variant:<id>`, `version:<producer + creator>`), for the
   * stratified rate (stratified-rate.ts); absent in older fingerprints.
   */
  strata?: Record<string, Record<string, { judged: number; fired: number }>>
  /**
   * Per stratum key, counts on its samples by a fingerprint learned without that stratum
   * (leave-one-variant-out, leave-one-version-out): whether a check transfers to a kind it has not seen.
   */
  unseen?: Record<string, Record<string, { judged: number; fired: number }>>
}

export interface Fingerprint {
  family: string
  source: 'learned' | 'FAMILIES.md'
  samples: number
  /** A stored fingerprint's version label; the committed ones have none (recorded as `builtin`). */
  version?: string
  /** Measured false alarms of the soft checks; absent = the conservative default rate (verdict-score.ts). */
  calibration?: Calibration
  /** How a hand-written fingerprint was derived. */
  notes?: string
  categorical: Record<string, string[]>
  members: Record<string, string[]>
  numeric: Record<string, Envelope>
  /** Regex every font subset tag matches (positions constant across samples stay literal). */
  subsetTagPattern: string
  /**
   * The generator's server builds and the facts bound to each (generator-versions.ts); absent in older
   * fingerprints = the union above judges every document.
   */
  versions?: GeneratorVersion[]
  layout: {
    tolerance: number
    left: number[]
    right: number[]
    center: number[]
    baselines: number[]
  }
  /** Step (pt) every text position operand is a multiple of: the generator's layout unit; absent = unchecked. */
  positionGrid?: number | null
  /** Font-program and deflate-level facts (font-program-checks.ts); absent in older fingerprints = unchecked. */
  fontProgram?: FontProgramFingerprint
  semantics: {
    /** Printed operation time minus the time decoded from the SBP id, in seconds, beyond the printed precision. */
    idTimeSlack: Envelope | null
    /** CreationDate minus the printed operation time, seconds. */
    creationAfterOperation: Envelope | null
    /** Alfa «Сформирована» minus the printed operation time, seconds. */
    generatedAfterOperation: Envelope | null
  }
}

/** Relative widening for soft envelopes of sizes and counts. */
const ENVELOPE_MARGIN: Record<string, (e: Envelope) => Envelope> = {
  objectCount: (e) => ({ min: e.min - 2, max: e.max + 2 }),
  streamCount: (e) => ({ min: e.min - 1, max: e.max + 1 }),
  byteLength: (e) => ({ min: Math.floor(e.min * 0.6), max: Math.ceil(e.max * 1.6) }),
  pageHeight: (e) => ({ min: e.min - 60, max: e.max + 150 }),
  pageWidth: (e) => ({ min: e.min - 0.5, max: e.max + 0.5 }),
  pageBottomMargin: (e) => ({ min: e.min - 3, max: e.max + 3 }),
  imageCount: (e) => ({ min: Math.max(0, e.min - 1), max: e.max }),
  textBlocks: (e) => ({ min: Math.floor(e.min * 0.7), max: Math.ceil(e.max * 1.5) }),
  textOps: (e) => ({ min: Math.floor(e.min * 0.7), max: Math.ceil(e.max * 1.5) }),
}

function round(n: number, step = 0.05): number {
  return Math.round(n / step) * step
}

/**
 * Values seen in at least `minDocs` documents, clustered within the tolerance. With `perDoc` > 1 a value
 * must also be used that many times per document on average: an alignment edge lines up several texts,
 * while the edge of one fixed label recurs across documents without aligning anything.
 */
function recurring(perDocValues: number[][], minDocs: number, tolerance: number, perDoc = 1): number[] {
  const all = perDocValues.flatMap((values, doc) => values.map((v) => ({ v: round(v), doc })))
  all.sort((a, b) => a.v - b.v)
  const out: number[] = []
  let i = 0
  while (i < all.length) {
    let j = i
    while (j + 1 < all.length && all[j + 1]!.v - all[i]!.v <= tolerance) j++
    const docs = new Set(all.slice(i, j + 1).map((x) => x.doc))
    if (docs.size >= minDocs && (j - i + 1) / docs.size >= perDoc)
      out.push(+((all[i]!.v + all[j]!.v) / 2).toFixed(2))
    i = j + 1
  }
  return out
}

export function tagPattern(tags: string[], samples: number): string {
  const six = tags.filter((t) => /^[A-Z]{6}$/.test(t))
  if (six.length !== tags.length || samples < 5)
    return tags.includes('(none)') ? '^(\\(none\\)|[A-Z]{6})$' : '^[A-Z]{6}$'
  let out = '^'
  for (let p = 0; p < 6; p++) {
    const chars = new Set(six.map((t) => t[p]))
    out += chars.size === 1 ? [...chars][0] : '[A-Z]'
  }
  return `${out}$`
}

/**
 * A CreationDate more than a day after the operation is not a render moment but a download moment (VTB:
 * FAMILIES.md «from +15 s up to ~389 days»): how long a payer waits is the payer's, so the learned maximum
 * says only how long the sampled payers waited. Trained on recent receipts, a ×3 bound called older genuine
 * downloads late; such a family gets no upper bound but the horizon below.
 */
const DOWNLOAD_AFTER = 86_400
const DOWNLOAD_HORIZON = 10 * 366 * 86_400

export interface LearningSample {
  features: DocumentFeatures
  facts: PrintedFacts
  /** The file name as uploaded (only `semantics.filename` reads it). */
  filename?: string
  /** The variant the receipt was read as (`sbp`, `card`, …), when known: the calibration's stratum. */
  variant?: string
}

/**
 * Writer habits (first-use glyph numbering, one glyph per string) are learned as what most samples do: a
 * rare genuine exception must not switch the check off for everyone. The check stays soft and its measured
 * false-alarm rate counts the exceptions.
 */
const HABITS = new Set(['firstUseOrdered', 'maxCodesPerString'])
export const HABIT_SHARE = 0.9
/** The checks of the habits (fingerprint-checks.ts): verdict-score.ts credits them with no fewer exceptions. */
export const HABIT_CHECKS: ReadonlySet<string> = new Set([
  'fonts.first_use_order',
  'content.glyph_per_string',
])

function habitOf(values: number[]): Envelope {
  const sorted = [...values].sort((a, b) => a - b)
  const cut = Math.floor(sorted.length * (1 - HABIT_SHARE))
  // The lowest value of the top 90 % (first-use order: 1 when ≥ 90 % are ordered) and the highest of the
  // bottom 90 % (glyphs per string: 1 when ≥ 90 % draw one glyph per string).
  return { min: sorted[cut] ?? 0, max: sorted[sorted.length - 1 - cut] ?? 0 }
}

function envelopeOf(values: number[]): Envelope | null {
  return values.length === 0 ? null : { min: Math.min(...values), max: Math.max(...values) }
}

/**
 * Whether the page grows with its rows: heights vary across the samples while the lowest text line keeps one
 * distance from the bottom edge (VTB, T-Bank). A fixed page (Alfa's A4) keeps its height envelope instead.
 */
function followsRows(fs: readonly DocumentFeatures[]): boolean {
  const spread = (key: string) => {
    const values = fs.map((f) => f.numeric[key] ?? 0)
    return Math.max(...values) - Math.min(...values)
  }
  return fs.length >= 2 && spread('pageHeight') > 1 && spread('pageBottomMargin') <= 1
}

export function learnFingerprint(family: string, samples: readonly LearningSample[]): Fingerprint {
  const fs = samples.map((s) => s.features)
  return {
    family,
    source: 'learned',
    samples: fs.length,
    categorical: learnCategorical(fs),
    members: learnMembers(fs),
    numeric: learnNumeric(fs),
    subsetTagPattern: tagPattern(
      fs.flatMap((f) => f.members['subsetTagShapes'] ?? []),
      fs.length,
    ),
    layout: learnLayout(fs),
    versions: learnVersions(fs, tagPattern),
    positionGrid: learnPositionGrid(fs.map((f) => f.textPositions.map((p) => p.value))),
    fontProgram: learnFontProgram(fs.map((f) => f.fontProgram)),
    semantics: learnSemantics(samples),
  }
}

/** Each categorical feature: the sorted set of values the samples showed. */
function learnCategorical(fs: readonly DocumentFeatures[]): Record<string, string[]> {
  const categorical: Record<string, string[]> = {}
  for (const key of Object.keys(fs[0]?.categorical ?? {})) {
    categorical[key] = [...new Set(fs.map((f) => f.categorical[key]!))].sort()
  }
  return categorical
}

/** Each set feature (subset tags apart: they have a pattern): the sorted union of the samples' members. */
function learnMembers(fs: readonly DocumentFeatures[]): Record<string, string[]> {
  const members: Record<string, string[]> = {}
  for (const key of Object.keys(fs[0]?.members ?? {})) {
    if (key === 'subsetTagShapes') continue
    members[key] = [...new Set(fs.flatMap((f) => f.members[key] ?? []))].sort()
  }
  return members
}

/** Each numeric feature: its envelope (or habit), widened by its margin; the bottom margin only where rows grow the page. */
function learnNumeric(fs: readonly DocumentFeatures[]): Record<string, Envelope> {
  const numeric: Record<string, Envelope> = {}
  for (const key of Object.keys(fs[0]?.numeric ?? {})) {
    const e = HABITS.has(key)
      ? habitOf(fs.map((f) => f.numeric[key]!))
      : envelopeOf(fs.map((f) => f.numeric[key]!))!
    numeric[key] = ENVELOPE_MARGIN[key]?.(e) ?? e
  }
  if (!followsRows(fs)) delete numeric['pageBottomMargin']
  return numeric
}

/** The alignment anchors: left and right edges, centres and baselines most samples share. */
function learnLayout(fs: readonly DocumentFeatures[]): Fingerprint['layout'] {
  // An alignment edge is shared by most receipts; an x that a few share by coincidence (same value width) is not.
  const minDocs = Math.max(1, Math.ceil(fs.length * 0.4))
  const tolerance = 0.6
  return {
    tolerance,
    left: recurring(
      fs.map((f) => f.segments.map((s) => s.x0)),
      minDocs,
      tolerance,
      2,
    ),
    right: recurring(
      fs.map((f) => f.segments.map((s) => s.x1)),
      minDocs,
      tolerance,
      2,
    ),
    center: recurring(
      fs.map((f) => f.segments.map((s) => (s.x0 + s.x1) / 2)),
      minDocs,
      tolerance,
      2,
    ),
    baselines: recurring(
      fs.map((f) => f.segments.map((s) => s.baseline)),
      minDocs,
      tolerance,
    ),
  }
}

/** The time envelopes of the printed facts (SBP id slack, CreationDate and generation after the operation). */
function learnSemantics(samples: readonly LearningSample[]): Fingerprint['semantics'] {
  const slack = envelopeOf(
    samples.flatMap((s) => (s.facts.idTimeSlack === null ? [] : [s.facts.idTimeSlack])),
  )
  const creation = envelopeOf(
    samples.flatMap((s) => (s.facts.creationAfterOperation === null ? [] : [s.facts.creationAfterOperation])),
  )
  const generated = envelopeOf(
    samples.flatMap((s) =>
      s.facts.generatedAfterOperation === null ? [] : [s.facts.generatedAfterOperation],
    ),
  )
  return {
    // The slack and time envelopes are widened generously: a small sample must not make a rule strict.
    idTimeSlack: slack ? { min: Math.min(slack.min - 15, -15), max: Math.max(slack.max + 15, 15) } : null,
    creationAfterOperation: creation
      ? {
          min: Math.min(creation.min - 60, 0),
          max: creation.max > DOWNLOAD_AFTER ? DOWNLOAD_HORIZON : Math.max(creation.max * 3, 3600),
        }
      : null,
    generatedAfterOperation: generated
      ? { min: Math.min(generated.min - 60, -60), max: Math.max(generated.max * 3, 86400) }
      : null,
  }
}
