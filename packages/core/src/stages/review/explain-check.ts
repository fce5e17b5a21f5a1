import type { CheckResult, FieldLocation } from '@rv/schemas'
import { fingerprints } from '../authenticity/fingerprint/fingerprints'
import { bankOf } from '../authenticity/judging/assess'
import { falseAlarmRate } from '../authenticity/judging/verdict-score'
import { evidenceBoxes, type PageBox } from './evidence-boxes'
import { pictureEvidence } from './picture-evidence'

/** What a group of checks asks, in words an analyst reads (by the check name's first part). */
const meanings: Record<string, string> = {
  generator: 'Was the file written by the same software, with the same settings, as this bank’s receipts?',
  structure: 'Is the file’s internal structure the one this bank’s software produces?',
  fonts: 'Are the fonts, and the glyphs drawn with them, those of this bank’s receipts?',
  content: 'Was the text drawn the way this bank draws it (no text over text, nothing hidden or covered)?',
  layout: 'Does each printed value sit where this bank’s template puts it?',
  semantics: 'Do the printed facts agree with each other (sums, dates, the SBP id’s time)?',
  image: 'Does the picture carry traces of editing or of a different origin?',
  verdict: 'The summary: how strongly the failed soft checks point away from genuine.',
  template: 'Has this bank’s software changed since the fingerprint was learned?',
}

export interface CheckExplanation {
  name: string
  passed: boolean
  hard: boolean
  meaning: string
  detail: string
  /** The measured out-of-sample false-alarm rate of a soft check of a known family (builtin fingerprint). */
  falseAlarm: { rate: number; basis: string } | null
  /** A PDF check's boxes in points (from its detail); a picture check's in fractions (its fields' places). */
  boxes: PageBox[]
}

/**
 * A check of the record, explained for the review console. `locations`: where each field was read (the
 * extraction slot's), which places a picture check's evidence.
 *
 * @example
 * explainCheck({ name: 'layout.alignment', hard: false, passed: false, detail: '… page 1, box x 1–2, baseline 3' }, 'vtb/sbp')
 */
export function explainCheck(
  check: CheckResult,
  family: string | null,
  locations: readonly FieldLocation[] = [],
): CheckExplanation {
  const group = check.name.split(/[._]/)[0] ?? ''
  const fingerprint = family ? fingerprints[bankOf(family)] : undefined
  return {
    name: check.name,
    passed: check.passed,
    hard: check.hard,
    meaning: meanings[group] ?? 'A check of the document against what genuine receipts look like.',
    detail: check.detail,
    falseAlarm: !check.hard && fingerprint ? falseAlarmRate(fingerprint, check.name) : null,
    boxes: check.passed
      ? []
      : check.name.startsWith('image.')
        ? pictureEvidence(check, locations)
        : evidenceBoxes(check.detail),
  }
}
