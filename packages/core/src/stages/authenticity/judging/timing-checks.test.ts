import { describe, expect, it } from 'vitest'
import { seg } from '../../../testing/authenticity/segments'
import {
  CLOCK_SKEW_SECONDS,
  CREATION_BEFORE_TOLERANCE_SECONDS,
  MAX_HOLD_SECONDS,
} from '../../../vocabulary/time/transfer-timing'
import type { PrintedFacts } from '../features/printed-facts'
import type { Fingerprint } from '../fingerprint/fingerprint'
import { timingChecks } from './timing-checks'
import { falseAlarmRate, SUSPICIOUS_AT, scoreVerdict, WEAK_FALSE_ALARM, weightOf } from './verdict-score'

const s = seg('01.01.2026, 10:00', 20, 100)

function facts(over: Partial<PrintedFacts>): PrintedFacts {
  return {
    bank: 'test',
    operation: { epoch: 1_767_250_800, precision: 1, segment: s },
    generated: null,
    sbpId: { id: 'A6001070000000000000000000000001', segment: s },
    idTimeSlack: null,
    creationAfterOperation: null,
    generatedAfterOperation: null,
    ...over,
  }
}

const semantics: Fingerprint['semantics'] = {
  idTimeSlack: { min: -15, max: 16 },
  creationAfterOperation: { min: 0, max: 3600 },
  generatedAfterOperation: { min: -60, max: 86_400 },
}

const pick = (over: Partial<PrintedFacts>, name: string) =>
  timingChecks(facts(over), semantics).find((c) => c.name === name)

describe('SBP id time vs printed time: one-sided', () => {
  it('given an id minted after the printed completion beyond clock skew, then the hard check fails', () => {
    const slack = CLOCK_SKEW_SECONDS + 1
    expect(pick({ idTimeSlack: slack }, 'semantics.sbp_id_time_contradiction')).toMatchObject({
      hard: true,
      passed: false,
    })
    expect(pick({ idTimeSlack: slack }, 'semantics.sbp_id_time')).toMatchObject({
      hard: false,
      passed: false,
    })
  })

  it('given an id a minute after the printed time, then only the learned envelope fails (soft)', () => {
    expect(pick({ idTimeSlack: 60 }, 'semantics.sbp_id_time')).toMatchObject({ hard: false, passed: false })
    expect(pick({ idTimeSlack: 60 }, 'semantics.sbp_id_time_contradiction')?.passed).toBe(true)
  })

  it.each([
    ['202 s', -202],
    ['2.4 h', -8624],
    ['two days', -2 * 86_400],
  ])(
    'given a transfer held %s before execution, then nothing hard or learned fails, only the weak delay',
    (_, slack) => {
      expect(pick({ idTimeSlack: slack }, 'semantics.sbp_id_time_contradiction')?.passed).toBe(true)
      expect(pick({ idTimeSlack: slack }, 'semantics.sbp_id_time')?.passed).toBe(true)
      const delay = pick({ idTimeSlack: slack }, 'semantics.execution_delay')
      expect(delay).toMatchObject({ hard: false, passed: false })
      expect(delay?.detail).toMatch(/held/)
    },
  )

  it('given a printed time later than any hold allows, then the hard check fails', () => {
    const slack = -(MAX_HOLD_SECONDS + 1)
    expect(pick({ idTimeSlack: slack }, 'semantics.sbp_id_time_contradiction')).toMatchObject({
      hard: true,
      passed: false,
    })
  })

  it('given an id within the fresh envelope, then every timing check passes', () => {
    const checks = timingChecks(facts({ idTimeSlack: -3 }), semantics)
    expect(checks.map((c) => c.name).sort()).toEqual([
      'semantics.execution_delay',
      'semantics.sbp_id_time',
      'semantics.sbp_id_time_contradiction',
    ])
    expect(checks.every((c) => c.passed)).toBe(true)
  })
})

describe('CreationDate and «Сформирована» vs the operation', () => {
  it('given a file created before the operation it prints, beyond the tolerance, then the hard check fails', () => {
    const d = -(CREATION_BEFORE_TOLERANCE_SECONDS + 1)
    expect(pick({ creationAfterOperation: d }, 'generator.creation_predates_operation')).toMatchObject({
      hard: true,
      passed: false,
    })
    expect(pick({ creationAfterOperation: -5 }, 'generator.creation_predates_operation')?.passed).toBe(true)
  })

  it('given a receipt downloaded three weeks later, then only the weak delay fails', () => {
    const checks = timingChecks(facts({ creationAfterOperation: 21 * 86_400 }), semantics)
    expect(checks.filter((c) => !c.passed).map((c) => c.name)).toEqual(['generator.creation_delay'])
  })

  it('given a «Сформирована» time before the operation beyond clock skew, then the hard check fails', () => {
    const d = -(CLOCK_SKEW_SECONDS + 1)
    expect(pick({ generatedAfterOperation: d }, 'semantics.generated_predates_operation')).toMatchObject({
      hard: true,
      passed: false,
    })
    expect(
      pick({ generatedAfterOperation: 30 * 86_400 }, 'semantics.generated_predates_operation')?.passed,
    ).toBe(true)
  })
})

describe('weak timing evidence never makes a receipt suspicious alone', () => {
  // A fingerprint whose calibration says the delay checks never fired on (fresh) genuine samples.
  const fp = {
    family: 'test',
    calibration: {
      checks: {
        'generator.creation_delay': { fired: 0, judged: 200 },
        'semantics.execution_delay': { fired: 0, judged: 200 },
      },
    },
  } as unknown as Fingerprint

  it('credits a weak check with at least WEAK_FALSE_ALARM however clean its samples were', () => {
    expect(falseAlarmRate(fp, 'generator.creation_delay').rate).toBe(WEAK_FALSE_ALARM)
    expect(weightOf(WEAK_FALSE_ALARM)).toBeLessThan(SUSPICIOUS_AT)
  })

  it('given a late download of a held transfer, then the verdict stays genuine', () => {
    const checks = timingChecks(facts({ idTimeSlack: -8624, creationAfterOperation: 21 * 86_400 }), semantics)
    expect(scoreVerdict(checks, fp).verdict).toBe('genuine')
  })
})
