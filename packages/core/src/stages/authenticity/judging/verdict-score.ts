/**
 * The calibrated verdict. Hard checks are by-construction facts: one failure is `forged`. Soft checks
 * are learned from samples and each carries its false-alarm rate on genuine receipts, measured out of
 * sample when the fingerprint was learned (learn-family.ts). A failed soft check is evidence worth
 * ln(P_DETECT / false-alarm rate); checks that fail together from one cause on a genuine file (one group:
 * the file serializer, the content writer, the deflater, the metadata, the sizes, the fonts, the layout,
 * the times, the printed values) count once, by their strongest member. The sum is the score:
 *   any hard failure → forged; else score ≥ SUSPICIOUS_AT → suspicious; else genuine.
 * Soft evidence alone never makes `forged`: a new version of a bank's generator changes many learned facts
 * at once — independent groups in this model, one cause in reality — so no sum of learned facts tells
 * template drift from a forgery; only a by-construction fact can say forged.
 * The threshold, the prior and the default rate are fixed here, not fitted to the project's forgery toolkit.
 */
import type { CheckResult, Verdict } from '@rv/schemas'
import { type Fingerprint, HABIT_CHECKS, HABIT_SHARE } from '../fingerprint/fingerprint'
import { fingerprintVersion } from '../fingerprint/fingerprint-version'
import { explainedByDrift } from '../fingerprint/template-drift'
import { type Stratum, stratifiedRate } from './stratified-rate'
import { WEAK_TIMING_CHECKS } from './timing-checks'

/** Prior probability that a soft check fires on a forgery: one in two. Documented, never fitted. */
export const P_DETECT = 0.5
/**
 * One learned fact that no held-out genuine receipt broke (false-alarm rate ≤ P_DETECT·e^-2.5 ≈ 0.041: e.g.
 * 0 fires in ≥ 23 out-of-sample judgements) is enough for `suspicious`, i.e. an analyst's review, never a
 * rejection; a noisier check needs corroboration from another group. Chosen on the out-of-sample bench's
 * threshold-sensitivity table (docs/authenticity-accuracy.md): at 2.5, no held-out genuine receipt of 94 is
 * suspicious and most single-mark forgeries are caught; at 3–4 (two groups needed) a forgery whose edit
 * leaves one learned mark passes as genuine.
 */
export const SUSPICIOUS_AT = 2.5
/**
 * The lowest false-alarm rate any soft check is credited with, however many samples it passed: banks
 * change their apps, so no learned fact is trusted beyond one in a hundred. It caps one check's weight at
 * ln(0.5 / 0.01) ≈ 3.9: soft evidence, however strong, is at most suspicious, never forged.
 */
export const MIN_FALSE_ALARM = 0.01
/**
 * False-alarm rate of a soft check without a measurement (hand-written fingerprints, one or no sample):
 * 0.16, weight ln(0.5 / 0.16) ≈ 1.14, so such a family needs three independent groups of evidence to be
 * suspicious (two weigh 2.3 < SUSPICIOUS_AT): it leans on the hard checks.
 */
export const DEFAULT_FALSE_ALARM = 0.16
/** The summary check that carries the score into `document.checks`. */
export const SCORE_CHECK = 'verdict.score'

/** Correlated soft checks: one cause (a re-save, a new generator version, a longer variant) fails several. */
const GROUP_PREFIXES: readonly [string, readonly string[]][] = [
  // Three components of a PDF library, each of which a new version may change alone: the file serializer
  // (header, xref, trailer), the content writer (operators, strings, whitespace) and the deflater (the
  // platform's zlib).
  [
    'file-writer',
    [
      'structure.xref_',
      'structure.trailer_keys',
      'structure.object_streams',
      'structure.linearized',
      'structure.stream_lengths',
      'structure.stream_decoding',
      'structure.catalog_keys',
      'generator.header_comment',
    ],
  ],
  [
    'content-writer',
    [
      'content.stream_end',
      'content.operator_spacing',
      'content.string_syntax',
      'content.number_format',
      'content.text_operators',
      'content.glyph_per_string',
      'content.kerning',
      'content.operator_vocabulary',
    ],
  ],
  ['compression', ['structure.deflate_fingerprint', 'structure.deflate_level', 'structure.stream_filters']],
  [
    'times',
    [
      'semantics.sbp_id_time',
      'semantics.execution_delay',
      'generator.creation_',
      'semantics.generated_after_operation',
      'semantics.filename',
      'semantics.operation_number_date',
    ],
  ],
  ['metadata', ['generator.']],
  [
    'sizes',
    [
      'structure.object_count',
      'structure.stream_count',
      'structure.file_size',
      'structure.image_count',
      'structure.annotations',
      'structure.page_',
      'content.text_blocks',
      'content.text_op_count',
    ],
  ],
  ['fonts', ['fonts.', 'content.font_sizes']],
  ['layout', ['layout.', 'content.']],
  ['printed', ['semantics.']],
]

/** The groups whose checks test the PDF writer itself (serializer, content writer, deflater). */
export const WRITER_GROUPS: ReadonlySet<string> = new Set(['file-writer', 'content-writer', 'compression'])

export function evidenceGroup(name: string): string {
  for (const [group, prefixes] of GROUP_PREFIXES) {
    if (prefixes.some((p) => name.startsWith(p))) return group
  }
  return name
}

export interface FalseAlarm {
  rate: number
  /** `fired/judged` out of sample, or `default` without a measurement. */
  basis: string
}

/**
 * A habit (fingerprint.ts: learned as what ≥ HABIT_SHARE of the samples do, e.g. Alfa's first-use glyph
 * numbering) admits by its own definition one genuine exception in ten: it is credited with no lower rate,
 * so it weighs ln(0.5 / 0.1) ≈ 1.6 and needs corroboration, where the calibration keeps no strata. (The
 * one genuine Alfa exception seen, a computed foreign amount's digit numbered at its next use, is the
 * generator's own numbering and passes the check now: glyph-usage.ts.)
 */
export const HABIT_FALSE_ALARM = 1 - HABIT_SHARE

/**
 * The document's stratum rate where the calibration keeps strata (stratified-rate.ts: its variant's and its
 * generator version's counts shrunk toward the rate on unseen ones), at least MIN_FALSE_ALARM — a habit is
 * then judged per variant, exact where its variant is well sampled. Else the family's (fired + 1) /
 * (judged + 2), at least MIN_FALSE_ALARM (HABIT_FALSE_ALARM for a habit): never zero, so 0 of 46 is rare,
 * not impossible.
 */
export function falseAlarmRate(fp: Fingerprint, name: string, stratum?: Stratum): FalseAlarm {
  const measured = measuredRate(fp, name, stratum)
  if (!WEAK_TIMING_CHECKS.has(name) || measured.rate >= WEAK_FALSE_ALARM) return measured
  return { rate: WEAK_FALSE_ALARM, basis: `${measured.basis}, weak` }
}

/**
 * A weak check (timing-checks.ts: a held transfer, a late download) is credited with a false-alarm rate of at
 * least one in four, whatever its samples said: how long a bank held a transfer or a payer waited before
 * downloading is the payer's and the bank's, not the generator's, and fresh samples cannot measure it. Its
 * weight is at most ln(0.5 / 0.25) ≈ 0.69: it never makes a receipt suspicious alone, and only adds to
 * evidence that nearly suffices without it.
 */
export const WEAK_FALSE_ALARM = 0.25

function measuredRate(fp: Fingerprint, name: string, stratum?: Stratum): FalseAlarm {
  const m = fp.calibration?.checks[name]
  if (!m || m.judged === 0) return { rate: DEFAULT_FALSE_ALARM, basis: 'default' }
  // The PDF library's byte habits are the version's, not the layout's: judged by the version alone, so a
  // thin variant does not weaken them (a re-compressed or re-serialised file is caught in every variant).
  const byVersion = WRITER_GROUPS.has(evidenceGroup(name))
  const stratified = stratifiedRate(
    fp.calibration,
    name,
    byVersion && stratum ? { ...stratum, variant: undefined } : stratum,
  )
  if (stratified) return { rate: Math.max(MIN_FALSE_ALARM, stratified.rate), basis: stratified.basis }
  const floor = HABIT_CHECKS.has(name) ? HABIT_FALSE_ALARM : MIN_FALSE_ALARM
  return { rate: Math.max(floor, (m.fired + 1) / (m.judged + 2)), basis: `${m.fired}/${m.judged}` }
}

export function weightOf(rate: number): number {
  return Math.max(0, Math.log(P_DETECT / rate))
}

export interface ScoredAssessment {
  verdict: Verdict
  score: number
  /** The failed soft checks that moved the score: the strongest of each group, heaviest first. */
  moved: { name: string; weight: number }[]
  /** The checks, each soft one's detail stating its false-alarm rate and weight, then the summary. */
  checks: CheckResult[]
}

const fmt = (x: number) => x.toFixed(1)

export function scoreVerdict(
  checks: readonly CheckResult[],
  fp: Fingerprint,
  stratum?: Stratum,
): ScoredAssessment {
  const groups = new Map<string, { name: string; weight: number }>()
  const explained = explainedByDrift(checks)
  const annotated = checks.map((c) => {
    if (c.hard) return c
    if (!c.passed && explained.has(c.name)) {
      return { ...c, detail: `${c.detail} [soft: explained by template drift, not counted]` }
    }
    const fa = falseAlarmRate(fp, c.name, stratum)
    const weight = weightOf(fa.rate)
    const group = evidenceGroup(c.name)
    const best = groups.get(group)
    if (!c.passed && (!best || weight > best.weight)) groups.set(group, { name: c.name, weight })
    // Every soft check states its rate and weight; a passed one adds nothing to the score.
    const counted = c.passed ? `weight ${fmt(weight)} if failed` : `weight ${fmt(weight)}`
    return {
      ...c,
      detail: `${c.detail} [soft: false alarms ${fa.basis} on genuine → rate ${fa.rate.toFixed(3)}, ${counted}, group ${group}]`,
    }
  })
  const moved = [...groups.values()].sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name))
  const score = moved.reduce((s, m) => s + m.weight, 0)
  const hardFailed = checks.filter((c) => c.hard && !c.passed).map((c) => c.name)
  const verdict: Verdict =
    hardFailed.length > 0 ? 'forged' : score >= SUSPICIOUS_AT ? 'suspicious' : 'genuine'
  const band = score >= SUSPICIOUS_AT ? `≥ suspicious ${SUSPICIOUS_AT}` : `< suspicious ${SUSPICIOUS_AT}`
  const parts = moved.map((m) => `${m.name} +${fmt(m.weight)}`)
  const summary: CheckResult = {
    name: SCORE_CHECK,
    // Soft evidence never makes forged by itself: the summary is a soft finding.
    hard: false,
    passed: score < SUSPICIOUS_AT,
    detail:
      `soft evidence score ${fmt(score)} ${band}` +
      (parts.length > 0 ? `: ${parts.join(', ')}` : '') +
      (hardFailed.length > 0 ? `; hard failures: ${hardFailed.join(', ')}` : '') +
      `; fingerprint ${fingerprintVersion(fp)}, P_detect ${P_DETECT}, one weight per group`,
  }
  return { verdict, score, moved, checks: [...annotated, summary] }
}
