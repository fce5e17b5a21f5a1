import type { CheckResult, DocumentAssessment, MatchFlags, Profile } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import type { DecisionInput } from '../../vocabulary/stage-contracts'
import { decide } from './decide'
import { defaultProfile } from './default-profile'
import { expectationRequirementProblems } from './expectation-requirements'
import { completeProfile, nextProfileVersion } from './profile-version'

const record = exampleRecord()
const given = (over: Partial<DecisionInput> = {}): DecisionInput => ({
  document: record.document,
  fields: record.fields,
  match: record.match,
  replay: record.replay,
  error: null,
  replayReasons: [],
  ...over,
})
const check = (name: string, hard: boolean, passed: boolean): CheckResult => ({
  name,
  hard,
  passed,
  detail: '',
})
const doc = (verdict: DocumentAssessment['verdict'], checks: CheckResult[], family = 'vtb/sbp_outgoing') => ({
  verdict,
  family,
  checks,
})
const flags = (over: Partial<MatchFlags>): MatchFlags => ({ ...record.match, ...over })
const profile = (edit: Parameters<typeof completeProfile>[1]): Profile => ({
  ...defaultProfile,
  ...completeProfile(defaultProfile, edit),
  name: 'custom',
  version: 1,
  tenant_id: 't1',
})

describe('decide', () => {
  it('given a genuine receipt that matches, when decided, then accept with no reasons', () => {
    expect(decide(given(), defaultProfile)).toEqual({ recommendation: 'accept', reasons: [] })
  })

  it('given a failed hard check, then reject as forged, naming the check', () => {
    const input = given({
      document: doc('forged', [check('single_revision', true, false), check('producer', false, true)]),
    })
    expect(decide(input, defaultProfile)).toEqual({
      recommendation: 'reject',
      reasons: ['document_forged', 'check_failed:single_revision'],
    })
  })

  it('given a failed soft check, then review as suspicious', () => {
    const input = given({ document: doc('suspicious', [check('filename_time', false, false)]) })
    expect(decide(input, defaultProfile)).toEqual({
      recommendation: 'review',
      reasons: ['document_suspicious', 'check_failed:filename_time'],
    })
  })

  it('given a scored assessment whose soft failure stayed below the threshold, then accept with no reasons', () => {
    const input = given({
      document: doc('genuine', [
        check('layout.alignment', false, false),
        check('verdict.score', false, true),
      ]),
    })
    expect(decide(input, defaultProfile)).toEqual({ recommendation: 'accept', reasons: [] })
  })

  it('given a scored assessment over the suspicious threshold, then review naming the score and what moved it', () => {
    const input = given({
      document: doc('suspicious', [
        check('layout.alignment', false, false),
        check('fonts.set', false, false),
        check('verdict.score', false, false),
      ]),
    })
    expect(decide(input, defaultProfile)).toEqual({
      recommendation: 'review',
      reasons: [
        'document_suspicious',
        'check_failed:verdict.score',
        'check_failed:layout.alignment',
        'check_failed:fonts.set',
      ],
    })
  })

  it('given soft evidence over the forged threshold, then reject; a profile can soften the score to review', () => {
    const input = given({
      document: doc('forged', [check('fonts.set', false, false), check('verdict.score', true, false)]),
    })
    expect(decide(input, defaultProfile).recommendation).toBe('reject')
    expect(decide(input, defaultProfile).reasons).toContain('check_failed:verdict.score')
    expect(decide(input, profile({ checks: { 'verdict.score': 'soft' } })).recommendation).toBe('review')
    expect(decide(input, profile({ checks: { 'verdict.score': 'ignore' } })).recommendation).toBe('accept')
  })

  it('given a profile that hardens a soft check of a scored assessment, then its failure alone is forged', () => {
    const input = given({
      document: doc('genuine', [
        check('layout.alignment', false, false),
        check('verdict.score', false, true),
      ]),
    })
    expect(decide(input, profile({ checks: { 'layout.alignment': 'hard' } }))).toEqual({
      recommendation: 'reject',
      reasons: ['document_forged', 'check_failed:layout.alignment'],
    })
  })

  it('given a profile that softens a hard check, then forged becomes suspicious (review)', () => {
    const input = given({ document: doc('forged', [check('single_revision', true, false)]) })
    const p = profile({ checks: { single_revision: 'soft' } })
    expect(decide(input, p).recommendation).toBe('review')
    expect(decide(input, p).reasons[0]).toBe('document_suspicious')
    expect(decide(input, profile({ checks: { single_revision: 'ignore' } }))).toEqual({
      recommendation: 'accept',
      reasons: [],
    })
  })

  it('given a profile that hardens a soft check, then its failure rejects', () => {
    const input = given({ document: doc('suspicious', [check('filename_time', false, false)]) })
    expect(decide(input, profile({ checks: { filename_time: 'hard' } })).recommendation).toBe('reject')
  })

  it('given an unknown family, then review by default and reject when the profile says so', () => {
    const input = given({ document: doc('unknown', [], 'unknown') })
    expect(decide(input, defaultProfile)).toEqual({ recommendation: 'review', reasons: ['family_unknown'] })
    expect(
      decide(input, profile({ document: { ...defaultProfile.document, unknown_family: 'reject' } }))
        .recommendation,
    ).toBe('reject')
  })

  it('given an unknown family whose bank-independent check failed hard, then reject as forged', () => {
    const input = given({ document: doc('forged', [check('revisions.single', true, false)], 'unknown') })
    expect(decide(input, defaultProfile)).toEqual({
      recommendation: 'reject',
      reasons: ['document_forged', 'check_failed:revisions.single'],
    })
    // Passing bank-independent checks say nothing about the bank: still no claim.
    const clean = given({ document: doc('unknown', [check('revisions.single', true, true)], 'unknown') })
    expect(decide(clean, defaultProfile)).toEqual({ recommendation: 'review', reasons: ['family_unknown'] })
  })

  it('given a wrong amount, then reject; given a wrong bank, then review; both reasons listed in order', () => {
    const input = given({ match: flags({ amount: false, bank: false }) })
    expect(decide(input, defaultProfile)).toEqual({
      recommendation: 'reject',
      reasons: ['match_amount_failed', 'match_bank_failed'],
    })
    const lenient = profile({
      match: { flags: { ...defaultProfile.match.flags, amount: 'accept', bank: 'accept' } },
    })
    expect(decide(input, lenient)).toEqual({ recommendation: 'accept', reasons: [] })
  })

  it('given no match flags yet, then never accept', () => {
    const input = given({ match: { ...record.match, amount: null } })
    expect(decide(input, defaultProfile)).toEqual({
      recommendation: 'review',
      reasons: ['match_unavailable'],
    })
  })

  it.each([
    ['replay_identical_file', 'review'],
    ['replay_same_receipt', 'review'],
    ['replay_operation_id_reused', 'reject'],
  ] as const)('given %s, then %s under the default profile', (reason, expected) => {
    expect(decide(given({ replayReasons: [reason] }), defaultProfile)).toEqual({
      recommendation: expected,
      reasons: [reason],
    })
  })

  it('given a profile that rejects replays, then an identical file is rejected', () => {
    const p = profile({ replay: { ...defaultProfile.replay, identical_file: 'reject' } })
    expect(decide(given({ replayReasons: ['replay_identical_file'] }), p).recommendation).toBe('reject')
  })

  it('given an error, then never accept, and the reason names the code', () => {
    const error = { code: 'pdf_unreadable', message: 'x', retryable: false }
    expect(decide(given({ error }), defaultProfile)).toEqual({
      recommendation: 'review',
      reasons: ['error:pdf_unreadable'],
    })
    const p = profile({ errors: { failed: 'accept' } })
    expect(decide(given({ error }), p).recommendation).toBe('review')
  })

  it('given a profile requiring the amount, when the expectation lacks it, then review or refuse', () => {
    const p = profile({ expectation: { required_members: ['amount'], missing: 'review' } })
    expect(decide(given(), p, { expectation: {} })).toEqual({
      recommendation: 'review',
      reasons: ['expectation_missing:amount'],
    })
    expect(decide(given(), p, { expectation: { amount: 600 } }).recommendation).toBe('accept')
    const refuse = profile({ expectation: { required_members: ['amount', 'recipient'], missing: 'refuse' } })
    expect(expectationRequirementProblems({ amount: 1 }, refuse).map((x) => x.path)).toEqual(['/recipient'])
  })

  it('the strictest finding wins and all findings are listed', () => {
    const input = given({
      document: doc('suspicious', [check('filename_time', false, false)]),
      match: flags({ window: false }),
      replayReasons: ['replay_operation_id_reused'],
    })
    expect(decide(input, defaultProfile)).toEqual({
      recommendation: 'reject',
      reasons: [
        'document_suspicious',
        'check_failed:filename_time',
        'match_window_failed',
        'replay_operation_id_reused',
      ],
    })
  })
})

describe('profile versions', () => {
  it('given no stored version, then 1; unchanged behaviour keeps the version; a change adds 1', () => {
    const base = completeProfile(defaultProfile, {})
    expect(nextProfileVersion(null, base)).toBe(1)
    expect(nextProfileVersion(defaultProfile, base)).toBe(1)
    const changed = completeProfile(defaultProfile, {
      replay: { ...defaultProfile.replay, same_receipt: 'reject' },
    })
    expect(nextProfileVersion(defaultProfile, changed)).toBe(2)
    expect(nextProfileVersion({ ...defaultProfile, version: 7 }, changed)).toBe(8)
  })
})

describe('decide: a picture (docs/authenticity.md "Images")', () => {
  const marker = check('image.source_unverifiable', false, false)
  const clean = doc('unknown', [marker, check('image.editing_software', false, true)])

  it('a clean picture is reviewed by default: never genuine from the file alone', () => {
    expect(decide(given({ document: clean }), defaultProfile)).toEqual({
      recommendation: 'review',
      reasons: ['document_image_unverified'],
    })
  })

  it("the tenant's document.image action can accept clean pictures", () => {
    const accepting = {
      ...defaultProfile,
      document: { ...defaultProfile.document, image: 'accept' as const },
    }
    expect(decide(given({ document: clean }), accepting)).toEqual({ recommendation: 'accept', reasons: [] })
  })

  it('a failed soft check is suspicious, a failed hard one forged, whatever document.image says', () => {
    const accepting = {
      ...defaultProfile,
      document: { ...defaultProfile.document, image: 'accept' as const },
    }
    const edited = doc('suspicious', [marker, check('image.editing_software', false, false)])
    expect(decide(given({ document: edited }), accepting)).toEqual({
      recommendation: 'review',
      reasons: ['document_suspicious', 'check_failed:image.editing_software'],
    })
    const retyped = doc('forged', [marker, check('image.sbp_id_time', true, false)])
    expect(decide(given({ document: retyped }), accepting)).toEqual({
      recommendation: 'reject',
      reasons: ['document_forged', 'check_failed:image.sbp_id_time'],
    })
  })

  it('a profile that ignores every failed check still does not make a picture genuine', () => {
    const lenient = { ...defaultProfile, checks: { 'image.editing_software': 'ignore' as const } }
    const edited = doc('suspicious', [marker, check('image.editing_software', false, false)])
    expect(decide(given({ document: edited }), lenient)).toEqual({
      recommendation: 'review',
      reasons: ['document_image_unverified'],
    })
  })
})
