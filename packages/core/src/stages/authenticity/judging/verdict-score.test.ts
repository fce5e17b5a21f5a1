import type { CheckResult } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { emptyFingerprint } from '../../../testing/authenticity/empty-fingerprint'
import type { Fingerprint } from '../fingerprint/fingerprint'
import {
  DEFAULT_FALSE_ALARM,
  evidenceGroup,
  falseAlarmRate,
  HABIT_FALSE_ALARM,
  P_DETECT,
  SUSPICIOUS_AT,
  scoreVerdict,
  weightOf,
} from './verdict-score'

const fp = (
  checks: Record<string, { judged: number; fired: number }> | null,
  version?: string,
): Fingerprint =>
  emptyFingerprint({
    ...(version ? { version } : {}),
    ...(checks ? { calibration: { method: 'inner 5-fold', checks } } : {}),
  })

const soft = (name: string, passed = false): CheckResult => ({ name, hard: false, passed, detail: 'what' })
const hard = (name: string, passed = false): CheckResult => ({ name, hard: true, passed, detail: 'what' })
const clean46 = { judged: 46, fired: 0 }

/** Soft checks that never fired in calibration, one per evidence group, strongest possible each. */
const strongOnePerGroup = [
  'layout.alignment',
  'fonts.set',
  'structure.deflate_fingerprint',
  'structure.xref_line_ends',
  'content.stream_end',
  'generator.producer',
  'structure.file_size',
  'semantics.amount_format',
  'semantics.sbp_id_time',
]
const calibrated = fp(Object.fromEntries(strongOnePerGroup.map((n) => [n, clean46])))

describe('false-alarm rates', () => {
  it('given 0 of 46 out of sample, then the rate is 1/48, not zero', () => {
    expect(falseAlarmRate(calibrated, 'layout.alignment')).toEqual({ rate: 1 / 48, basis: '0/46' })
  })

  it('given no measurement (hand-written fingerprint), then the conservative default applies', () => {
    expect(falseAlarmRate(fp(null), 'layout.alignment')).toEqual({
      rate: DEFAULT_FALSE_ALARM,
      basis: 'default',
    })
  })

  it('weighs a check by ln(P_detect / rate), never below zero', () => {
    expect(weightOf(1 / 48)).toBeCloseTo(Math.log(P_DETECT * 48))
    expect(weightOf(0.9)).toBe(0)
  })
})

describe('the calibrated verdict', () => {
  it('given no failure, then genuine with a passed summary naming the fingerprint version', () => {
    const r = scoreVerdict([soft('layout.alignment', true), hard('revisions.single', true)], calibrated)
    expect(r.verdict).toBe('genuine')
    expect(r.score).toBe(0)
    expect(r.checks[0]!.detail).toBe(
      'what [soft: false alarms 0/46 on genuine → rate 0.021, weight 3.2 if failed, group layout]',
    )
    expect(r.checks[1]!.detail).toBe('what')
    const summary = r.checks.at(-1)!
    expect(summary).toMatchObject({ name: 'verdict.score', hard: false, passed: true })
    expect(summary.detail).toContain('fingerprint builtin')
    expect(scoreVerdict([], fp({}, 'vtb-2026-11-24')).checks.at(-1)!.detail).toContain(
      'fingerprint vtb-2026-11-24',
    )
  })

  it('given a single soft failure that never fired on held-out genuine receipts, then suspicious, never forged', () => {
    for (const name of strongOnePerGroup) {
      const r = scoreVerdict([soft(name)], calibrated)
      expect(r.verdict, name).toBe('suspicious')
      expect(r.score).toBeGreaterThanOrEqual(SUSPICIOUS_AT)
    }
    // However many genuine files a check passed, its rate is at least MIN_FALSE_ALARM: it stays soft evidence.
    const huge = fp({ 'layout.alignment': { judged: 1_000_000, fired: 0 } })
    expect(scoreVerdict([soft('layout.alignment')], huge).verdict).toBe('suspicious')
  })

  it('given a habit that never fired held out, then it still needs corroboration: a habit admits exceptions', () => {
    const r = scoreVerdict([soft('fonts.first_use_order')], fp({ 'fonts.first_use_order': clean46 }))
    expect(r.score).toBeCloseTo(Math.log(P_DETECT / HABIT_FALSE_ALARM))
    expect(r.verdict).toBe('genuine')
    const withAnother = scoreVerdict(
      [soft('fonts.first_use_order'), soft('structure.deflate_fingerprint')],
      fp({ 'fonts.first_use_order': clean46, 'structure.deflate_fingerprint': clean46 }),
    )
    expect(withAnother.verdict).toBe('suspicious')
  })

  it('given a single failure of a check that false-alarms now and then, then genuine: it needs corroboration', () => {
    const noisy = fp({ 'layout.alignment': { judged: 46, fired: 3 } })
    const r = scoreVerdict([soft('layout.alignment')], noisy)
    expect(r.score).toBeCloseTo(Math.log(P_DETECT / (4 / 48)))
    expect(r.verdict).toBe('genuine')
  })

  it('given two independent strong soft failures, then suspicious, and the detail says why', () => {
    const r = scoreVerdict([soft('layout.alignment'), soft('fonts.set')], calibrated)
    expect(r.verdict).toBe('suspicious')
    const summary = r.checks.at(-1)!
    expect(summary).toMatchObject({ name: 'verdict.score', hard: false, passed: false })
    expect(summary.detail).toMatch(/^soft evidence score 6\.4 ≥ suspicious 2\.5: /)
    expect(summary.detail).toContain('fonts.set +3.2')
    expect(summary.detail).toContain('layout.alignment +3.2')
    const alignment = r.checks.find((c) => c.name === 'layout.alignment')!
    expect(alignment.detail).toContain('false alarms 0/46 on genuine → rate 0.021, weight 3.2, group layout')
  })

  it('given correlated failures of one cause (the content writer), then they count once', () => {
    const r = scoreVerdict(
      [
        soft('content.stream_end'),
        soft('content.operator_spacing'),
        soft('content.string_syntax'),
        soft('content.text_operators'),
      ],
      fp(Object.fromEntries(['content.stream_end', 'content.operator_spacing'].map((n) => [n, clean46]))),
    )
    expect(evidenceGroup('content.stream_end')).toBe('content-writer')
    expect(evidenceGroup('structure.xref_line_ends')).toBe('file-writer')
    expect(r.score).toBeCloseTo(weightOf(1 / 48))
    expect(r.checks.at(-1)!.detail).toMatch(/: content\.(stream_end|operator_spacing) \+3\.2; /)
    // `moved` lists the group's one counted member, the same as the summary names.
    expect(r.moved).toHaveLength(1)
    expect(r.moved[0]!.name).toMatch(/^content\.(stream_end|operator_spacing)$/)
    expect(r.moved[0]!.weight).toBeCloseTo(r.score)
  })

  it('given checks that false-alarm often, then each weighs little, and two independent ones corroborate', () => {
    const noisy = fp({
      'semantics.recipient_repeated': { judged: 46, fired: 5 },
      'layout.alignment': { judged: 46, fired: 3 },
    })
    expect(scoreVerdict([soft('semantics.recipient_repeated')], noisy).verdict).toBe('genuine')
    expect(scoreVerdict([soft('layout.alignment')], noisy).verdict).toBe('genuine')
    const r = scoreVerdict([soft('semantics.recipient_repeated'), soft('layout.alignment')], noisy)
    expect(r.score).toBeCloseTo(Math.log(P_DETECT / (6 / 48)) + Math.log(P_DETECT / (4 / 48)))
    expect(r.verdict).toBe('suspicious')
  })

  it('given strong evidence in every group, then soft evidence alone is suspicious, never forged', () => {
    const r = scoreVerdict(
      strongOnePerGroup.map((n) => soft(n)),
      calibrated,
    )
    expect(r.score).toBeGreaterThan(20)
    expect(r.verdict).toBe('suspicious')
    expect(r.checks.at(-1)).toMatchObject({ name: 'verdict.score', hard: false, passed: false })
  })

  it('given any hard failure, then forged whatever the score, and the summary names it', () => {
    const r = scoreVerdict([hard('revisions.single')], calibrated)
    expect(r.verdict).toBe('forged')
    expect(r.checks.at(-1)!.detail).toContain('hard failures: revisions.single')
    expect(r.checks.at(-1)!.passed).toBe(true)
  })

  it('given a hand-written fingerprint, then soft evidence weighs little and leans on hard checks', () => {
    const r = scoreVerdict(
      strongOnePerGroup.slice(0, 3).map((n) => soft(n)),
      fp(null),
    )
    expect(r.verdict).toBe('suspicious')
    expect(
      scoreVerdict(
        strongOnePerGroup.slice(0, 2).map((n) => soft(n)),
        fp(null),
      ).verdict,
    ).toBe('genuine')
  })
})
